"""Where a study's files go: a local folder (a ``pathlib.Path``), or a folder named by a URI that
pyarrow's filesystem layer opens (``file://``, ``s3://``, ``gs://``, ``hdfs://``, ...), so the
workers of a cluster can write to shared storage.

A URI folder is a ``UriFolder``: the few things the runner does with a folder (``/ name``,
``glob``, ``mkdir``, ``is_dir``) done through the pyarrow filesystem object, and its files are
``UriFile``s (``name``, ``unlink``, ``exists``). ``write_text`` and ``open_input`` take either
kind (``results.write_table`` too), so the runner's code is the same for both. A file is written whole or not at all: to a temporary name
beside it, then moved onto its name (a rename on a local or POSIX file system; an object store
shows an object only once it is wholly uploaded).
"""

from __future__ import annotations

import fnmatch
import re
import uuid
from pathlib import Path
from typing import Any, BinaryIO

URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


class StorageError(ValueError):
    """A folder URI pyarrow cannot open: one line naming it and why."""


def is_uri(text: str) -> bool:
    return bool(URI.match(str(text)))


def open_folder(text: str | Path | UriFolder) -> Path | UriFolder:
    """The folder ``text`` names: a ``Path`` for a local folder, a ``UriFolder`` for a URI."""
    if isinstance(text, (Path, UriFolder)):
        return text
    if not is_uri(text):
        return Path(text)
    from pyarrow import ArrowException
    from pyarrow.fs import FileSystem

    try:
        fs, root = FileSystem.from_uri(text)
    except (ArrowException, ValueError, OSError, TypeError) as e:
        raise StorageError(f"{text}: cannot open this URI ({' '.join(str(e).split()) or type(e).__name__})") from None
    return UriFolder(text.rstrip("/"), fs, root.rstrip("/") or "/")


class UriFolder:
    """A folder on a pyarrow filesystem, with the part of ``Path``'s interface the runner uses."""

    def __init__(self, uri: str, fs: Any, root: str) -> None:
        self.uri, self.fs, self.root = uri, fs, root

    def __str__(self) -> str:
        return self.uri

    def __repr__(self) -> str:
        return f"UriFolder({self.uri!r})"

    def __truediv__(self, name: str) -> UriFile:
        return UriFile(self, name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (open_folder, (self.uri,))  # a worker opens the URI again

    def is_dir(self) -> bool:
        from pyarrow.fs import FileType

        return self.fs.get_file_info(self.root).type == FileType.Directory

    def is_file(self) -> bool:
        from pyarrow.fs import FileType

        return self.fs.get_file_info(self.root).type == FileType.File

    def mkdir(self, parents: bool = True, exist_ok: bool = True) -> None:
        self.fs.create_dir(self.root, recursive=parents)

    def glob(self, pattern: str) -> list[UriFile]:
        """The files directly in the folder whose names match ``pattern`` (``fnmatch``)."""
        from pyarrow.fs import FileSelector, FileType

        if not self.is_dir():
            return []
        infos = self.fs.get_file_info(FileSelector(self.root, allow_not_found=True))
        return sorted(UriFile(self, i.base_name) for i in infos if i.type == FileType.File and fnmatch.fnmatchcase(i.base_name, pattern))


class UriFile:
    """A file in a ``UriFolder``."""

    def __init__(self, folder: UriFolder, name: str) -> None:
        self.folder, self.name = folder, name
        self.path = f"{folder.root.rstrip('/')}/{name}"

    def __str__(self) -> str:
        return f"{self.folder.uri}/{self.name}"

    def __lt__(self, other: UriFile) -> bool:
        return self.name < other.name

    def exists(self) -> bool:
        from pyarrow.fs import FileType

        return self.folder.fs.get_file_info(self.path).type == FileType.File

    def unlink(self, missing_ok: bool = False) -> None:
        try:
            self.folder.fs.delete_file(self.path)
        except FileNotFoundError:
            if not missing_ok:
                raise


def write_bytes(target: UriFile, write: Any) -> None:
    """Write a file of a URI folder whole or not at all: ``write(stream)`` fills a temporary
    file beside ``target`` (``.<name>.<unique>.tmp``), which is then moved onto ``target``."""
    fs = target.folder.fs
    tmp = f"{target.folder.root.rstrip('/')}/.{target.name}.{uuid.uuid4().hex[:12]}.tmp"
    try:
        with fs.open_output_stream(tmp) as stream:
            write(stream)
        fs.move(tmp, target.path)
    except BaseException:
        try:
            fs.delete_file(tmp)
        except OSError:
            pass
        raise


def write_text(target: Path | UriFile, text: str) -> None:
    """A text file written whole or not at all (local files: ``core.serial.write_atomic``)."""
    if isinstance(target, Path):
        from ..core.serial import write_atomic

        write_atomic(target, text)
    else:
        write_bytes(target, lambda stream: stream.write(text.encode("utf-8")))


def open_input(source: Path | UriFile | str) -> BinaryIO | str:
    """Something pyarrow's Parquet reader opens: the path of a local file, a stream otherwise."""
    if isinstance(source, UriFile):
        return source.folder.fs.open_input_file(source.path)
    return str(source)


def expand_uri(text: str) -> list[UriFile]:
    """The Parquet files a URI names for a report: a folder's ``*.parquet``, one file, or a
    glob over a folder's names (``s3://bucket/results/games-*.parquet``); [] if none."""
    folder = open_folder(text)
    assert isinstance(folder, UriFolder)
    if folder.is_dir():
        return folder.glob("*.parquet")
    if folder.is_file():
        parent, _, name = folder.uri.rpartition("/")
        return [UriFile(UriFolder(parent, folder.fs, folder.root.rpartition("/")[0] or "/"), name)]
    parent, _, pattern = folder.uri.rpartition("/")
    if any(ch in pattern for ch in "*?["):
        where = UriFolder(parent, folder.fs, folder.root.rpartition("/")[0] or "/")
        return [f for f in where.glob(pattern) if f.name.endswith(".parquet")]
    return []


def arrow_dataset(files: list[Path | UriFile]) -> Any:
    """One pyarrow dataset over Parquet files of any folders and filesystems, under the union of
    their schemas (for DuckDB to read files it cannot open itself, streaming)."""
    import pyarrow as pa
    import pyarrow.dataset as ds
    import pyarrow.parquet as pq
    from pyarrow.fs import LocalFileSystem

    groups: dict[int, tuple[Any, list[str]]] = {}
    local = LocalFileSystem()
    for f in files:
        fs, path = (f.folder.fs, f.path) if isinstance(f, UriFile) else (local, str(Path(f).resolve()))
        groups.setdefault(id(fs), (fs, []))[1].append(path)
    schema = pa.unify_schemas([pq.read_schema(open_input(f)) for f in files], promote_options="permissive")
    parts = [ds.dataset(paths, schema=schema, filesystem=fs, format="parquet") for fs, paths in groups.values()]
    return parts[0] if len(parts) == 1 else ds.dataset(parts)
