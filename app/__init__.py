"""Chess tournament calculation service.

The two version numbers, each written once: the package's (`__version__`, also pyproject's through
setuptools' dynamic metadata, the image tag and the Chess-JSON `origin`) and the HTTP API's
(`API_VERSION`, semantic versioning: the major number is the `/v1` of the paths; OpenAPI `info.version`).
GET /version answers both; CHANGELOG.md says what changed in each.
"""

__version__ = "0.1.0"
API_VERSION = "1.1.0"
API_PREFIX = "/v" + API_VERSION.split(".")[0]
