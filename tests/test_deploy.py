"""The container and cluster files agree with the app: image, port, probes, user, settings.

Docker and Kubernetes are not available to the tests; these checks read the files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

import app as app_package
from app.config import Settings
from app.main import app
from tests.conftest import ROOT

client = TestClient(app)
IMAGE = f"ghcr.io/chess-tournament-service/chess-tournament-service:{app_package.__version__}"
PORT = Settings().port
DOCKERFILE = (ROOT / "Dockerfile").read_text()
COMPOSE = yaml.safe_load((ROOT / "deploy" / "docker-compose.yml").read_text())
DOCUMENTED_SETTINGS = {f"CHESS_{name.upper()}" for name in Settings.model_fields}
CPU_UNITS = {"": 1.0, "m": 0.001}
MEMORY_UNITS = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30}


def manifests() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for path in sorted((ROOT / "deploy" / "kubernetes").glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if document and document.get("kind") != "Kustomization":
                assert document["kind"] not in found, f"two {document['kind']}s"
                found[document["kind"]] = document
    return found


K8S = manifests()
POD = K8S["Deployment"]["spec"]["template"]
[CONTAINER] = POD["spec"]["containers"]
FINAL_STAGE = DOCKERFILE[DOCKERFILE.rindex("\nFROM "):]


def cpu(quantity: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(m?)", quantity).groups()  # type: ignore[union-attr]
    return float(number) * CPU_UNITS[unit]


def memory(quantity: str) -> int:
    number, unit = re.fullmatch(r"(\d+)(Ki|Mi|Gi)", quantity).groups()  # type: ignore[union-attr]
    return int(number) * MEMORY_UNITS[unit]


def container_env() -> dict[str, str]:
    return {e["name"]: e["value"] for e in CONTAINER["env"]}


def test_all_the_kinds_are_there_and_kustomization_lists_every_file() -> None:
    assert set(K8S) == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}
    kustomization = yaml.safe_load((ROOT / "deploy" / "kubernetes" / "kustomization.yaml").read_text())
    files = {p.name for p in (ROOT / "deploy" / "kubernetes").glob("*.yaml")} - {"kustomization.yaml"}
    assert set(kustomization["resources"]) == files


def test_one_image_name_everywhere() -> None:
    assert CONTAINER["image"] == IMAGE
    assert COMPOSE["services"]["api"]["image"] == IMAGE
    assert f'org.opencontainers.image.version="{app_package.__version__}"' in DOCKERFILE
    assert K8S["Deployment"]["metadata"]["labels"]["app.kubernetes.io/version"] == app_package.__version__


def test_ports_agree_with_the_app_and_the_dockerfile() -> None:
    assert PORT == 8000
    assert f"EXPOSE {PORT}" in FINAL_STAGE and f"CHESS_PORT={PORT}" in FINAL_STAGE
    [port] = CONTAINER["ports"]
    assert port["containerPort"] == PORT and int(container_env()["CHESS_PORT"]) == PORT
    [service_port] = K8S["Service"]["spec"]["ports"]
    assert service_port["targetPort"] in (port["name"], PORT)
    assert POD["metadata"]["annotations"]["prometheus.io/port"] == str(PORT)
    assert COMPOSE["services"]["api"]["ports"] == [f"{PORT}:{PORT}"]
    assert int(COMPOSE["services"]["api"]["environment"]["CHESS_PORT"]) == PORT


@pytest.mark.parametrize(("probe", "path"), [("startupProbe", "/health"), ("livenessProbe", "/health"),
                                             ("readinessProbe", "/ready")])
def test_probes_hit_existing_endpoints_on_the_container_port(probe: str, path: str) -> None:
    get = CONTAINER[probe]["httpGet"]
    assert get["path"] == path and get["port"] in ("http", PORT)
    assert client.get(path).status_code == 200
    assert path in app.openapi()["paths"]


def test_healthcheck_and_metrics_paths_exist() -> None:
    assert "/health" in FINAL_STAGE.split("HEALTHCHECK", 1)[1]
    assert client.get(POD["metadata"]["annotations"]["prometheus.io/path"]).status_code == 200


def test_labels_and_selectors_match() -> None:
    labels = POD["metadata"]["labels"]
    selector = K8S["Deployment"]["spec"]["selector"]["matchLabels"]
    assert selector.items() <= labels.items()
    assert K8S["Service"]["spec"]["selector"].items() <= labels.items()
    assert K8S["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= labels.items()
    target = K8S["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert target["kind"] == "Deployment" and target["name"] == K8S["Deployment"]["metadata"]["name"]


def test_autoscaling_on_cpu_and_disruption_budget_leave_room() -> None:
    hpa = K8S["HorizontalPodAutoscaler"]["spec"]
    [metric] = hpa["metrics"]
    assert metric["resource"]["name"] == "cpu" and 0 < metric["resource"]["target"]["averageUtilization"] <= 90
    assert 2 <= hpa["minReplicas"] < hpa["maxReplicas"]
    assert K8S["PodDisruptionBudget"]["spec"]["minAvailable"] < hpa["minReplicas"]


def test_resources_fit_the_engine_processes() -> None:
    """One ordinary engine process per CPU of the limit; memory for every process with a job at its cap."""
    resources = CONTAINER["resources"]
    assert cpu(resources["requests"]["cpu"]) <= cpu(resources["limits"]["cpu"])
    assert memory(resources["requests"]["memory"]) <= memory(resources["limits"]["memory"])
    env = container_env()
    settings = Settings(**{name.removeprefix("CHESS_").lower(): value for name, value in env.items()})
    assert 1 <= settings.engine_processes <= cpu(resources["limits"]["cpu"])
    per_process = (80 + settings.max_job_memory_mb) * 2**20
    assert memory(resources["limits"]["memory"]) >= settings.pool_processes * per_process + 150 * 2**20


def test_runs_as_the_images_non_root_user_on_a_read_only_root_with_a_writable_tmp() -> None:
    user = re.search(r"^USER (\d+):(\d+)$", FINAL_STAGE, re.MULTILINE)
    assert user and int(user.group(1)) != 0
    pod_security = POD["spec"]["securityContext"]
    assert pod_security["runAsNonRoot"] is True
    assert (pod_security["runAsUser"], pod_security["runAsGroup"]) == (int(user.group(1)), int(user.group(2)))
    security = CONTAINER["securityContext"]
    assert security["readOnlyRootFilesystem"] is True and security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]
    assert {"name": "tmp", "mountPath": "/tmp"} in CONTAINER["volumeMounts"]
    compose = COMPOSE["services"]["api"]
    assert compose["user"] == f"{user.group(1)}:{user.group(2)}" and compose["read_only"] is True
    assert any(t.startswith("/tmp") for t in compose["tmpfs"])


def test_graceful_shutdown_outlasts_the_request_budget() -> None:
    budget = float(container_env()["CHESS_REQUEST_TIMEOUT"])
    assert budget == Settings().request_timeout
    pause = int(CONTAINER["lifecycle"]["preStop"]["exec"]["command"][1])
    assert POD["spec"]["terminationGracePeriodSeconds"] > budget + pause
    assert float(COMPOSE["services"]["api"]["stop_grace_period"].removesuffix("s")) > budget


def test_every_setting_used_is_a_documented_setting() -> None:
    used = set(container_env()) | set(COMPOSE["services"]["api"]["environment"])
    used |= set(re.findall(r"\b(CHESS_[A-Z_]+)=", DOCKERFILE))
    assert used and used <= DOCUMENTED_SETTINGS, used - DOCUMENTED_SETTINGS


def test_dockerfile_is_multi_stage_pinned_and_small() -> None:
    stages = re.findall(r"^FROM (\S+) AS (\w+)$", DOCKERFILE, re.MULTILINE)
    assert [name for _, name in stages] == ["build", "runtime"]
    base = re.search(r"^ARG PYTHON_IMAGE=python:(\d+\.\d+\.\d+)-slim-\w+$", DOCKERFILE, re.MULTILINE)
    assert base and base.group(1).startswith("3.11.")
    assert "pip install" not in FINAL_STAGE and "apt-get" not in DOCKERFILE
    assert re.findall(r"^COPY (.*)$", FINAL_STAGE, re.MULTILINE) == ["--from=build /opt/venv /opt/venv"]
    assert 'CMD ["python", "-m", "app"]' in FINAL_STAGE
    assert "--constraint constraints.txt" in DOCKERFILE
    for ignored in ("tests", "bench", "deploy", ".git"):
        assert ignored in (ROOT / ".dockerignore").read_text().split()


def test_constraints_pin_every_runtime_dependency() -> None:
    pins = dict(line.split("==") for line in (ROOT / "constraints.txt").read_text().splitlines()
                if line and not line.startswith("#"))
    pyproject = (ROOT / "pyproject.toml").read_text()
    runtime = re.search(r"^dependencies = \[(.*?)\]", pyproject, re.MULTILINE | re.DOTALL)
    assert runtime
    for requirement in re.findall(r'"([A-Za-z0-9_.-]+)', runtime.group(1)):
        assert requirement in pins, requirement


def test_compose_builds_this_project() -> None:
    build = COMPOSE["services"]["api"]["build"]
    assert (ROOT / "deploy" / build["context"] / build["dockerfile"]).resolve() == (ROOT / "Dockerfile").resolve()
    assert Path(ROOT / "deploy" / build["context"]).resolve() == ROOT


def test_readme_lists_every_setting() -> None:
    readme = (ROOT / "README.md").read_text()
    assert set(re.findall(r"^\| `(CHESS_[A-Z_]+)` \|", readme, re.MULTILINE)) == DOCUMENTED_SETTINGS
