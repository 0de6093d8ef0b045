"""Domain errors and warnings shared by the engine and the formats.

The API layer turns `InputError` into an RFC 9457 problem+json answer; the
fields (`line`, `column`, `text`, `field`) name what is at fault.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Issue:
    """A warning (or the detail of an error) about the input."""

    code: str
    message: str
    line: int | None = None
    column: int | None = None
    text: str | None = None
    field: str | None = None

    def as_dict(self) -> dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


class InputError(ValueError):
    """The input cannot be understood; answered with 422 (or `status`)."""

    status = 422

    def __init__(self, message: str, *, code: str = "invalid-input", line: int | None = None,
                 column: int | None = None, text: str | None = None, field: str | None = None,
                 status: int | None = None, details: tuple[Issue, ...] = ()) -> None:
        super().__init__(message)
        self.issue = Issue(code, message, line, column, text, field)
        self.details = details  # every fault found, when there are several (the first is `issue`)
        if status is not None:
            self.status = status

    @property
    def message(self) -> str:
        return self.issue.message


class TrfError(InputError):
    """A TRF file that cannot be read; names the line, column and offending text."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 text: str | None = None, code: str = "trf-parse-error") -> None:
        super().__init__(message, code=code, line=line, column=column, text=text)


class UnpairableError(InputError):
    """No pairing satisfies the absolute criteria (C.04.3 1.9: the arbiter decides)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="no-valid-pairing")
