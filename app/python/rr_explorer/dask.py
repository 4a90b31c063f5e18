"""RR Explorer on a Dask cluster: counts are a reduction, a release is a map.

``count(ddf, columns)`` counts every partition on the workers (core's counting of code arrays) and adds the
partial counts in a tree (Dask tasks, ``split_every`` at a time, in partition order, so cells and categories
keep the order of first appearance the CLI gives). Every analysis then runs from the counts on the client:
``rr_explorer.risk(counts, ...)``, ``optimize``, ``reconstruct``, ... ``regress(data, ...)`` and
``reconstruct(data, ...)`` here do both: they count the model's or the table's attributes on the workers (a Dask
DataFrame with ``count``, a CSV file with ``count_csv``) and fit on the client (the logistic regression with
randomized variables; the maximum-likelihood shares on the simplex), the same numbers as the single machine's.

``randomize(ddf, attributes=..., p=...)`` randomizes each partition on its worker with the release generator
of ``rr_explorer.randomize``: by default ChaCha20 streams keyed from the worker's operating-system CSPRNG, a
fresh key for every partition (so no two partitions share a stream), records in a random order within the
partition; then the records are shuffled across partitions (Dask's shuffle on a key column drawn from the
CSPRNG, sorted within each output partition, and dropped). ``seed`` gives a reproducible run for exploration
(each partition's seed derived from it and the partition's index), labelled so in the note.
"""
import hashlib
import operator
import os
import stat

import numpy as np
import pandas as pd

import rr_explorer as _rr

_KEY = "__rr_explorer_order_key"


def _count_partition(frame, columns, missing):
    return _rr.count(frame, columns, missing=missing)


def _add(parts):
    total = parts[0]
    for p in parts[1:]:
        total = total + p
    return total


def count(ddf, columns, *, missing=_rr.MISSING, split_every=8, compute=True):
    """The counts of a Dask DataFrame over ``columns`` (rr_explorer.Counts; a Delayed when compute=False)."""
    import dask

    columns = [columns] if isinstance(columns, str) else list(columns)
    unknown = [c for c in columns if c not in ddf.columns]
    if unknown:
        raise ValueError(f"unknown attribute '{unknown[0]}'")
    parts = [dask.delayed(_count_partition)(p, columns, tuple(missing)) for p in ddf[columns].to_delayed()]
    while len(parts) > 1:
        parts = [dask.delayed(_add)(parts[i:i + split_every]) for i in range(0, len(parts), split_every)]
    return parts[0].compute() if compute else parts[0]


def _quotes(path, begin, end, block=1 << 24):
    """The number of '"' bytes in bytes [begin, end) of a file."""
    n = 0
    with open(path, "rb") as f:
        f.seek(begin)
        left = end - begin
        while left > 0:
            data = f.read(min(block, left))
            if not data:
                break
            n += data.count(b'"')
            left -= len(data)
    return n


def _count_range(path, columns, begin, end, quotes_before, missing):
    return _rr._core.count_csv_range(path, columns, begin, end, quotes_before % 2 == 1, list(missing))


_MIN_RANGE = 64 << 10  # bytes: the smallest block, and a partition per this many bytes at most (64 KiB) ...
_FEW_RANGES = 1024  # ... or this many partitions of any file (small files cut finely, as the tests do)


def _integer(value, name):
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an integer, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise ValueError(f"{name} must be an integer, not {value!r}") from None


def _ranges(path, partitions, blocksize):
    """The number of byte ranges to count ``path`` in: ValueError for a file that is not a regular file (a
    FIFO would block every worker), for a block under 64 KiB (blocksize=1 never ends) and for a partition count
    under 1 or over both 1,024 and one per 64 KiB of the file (10,000 ranges of a 3.5 MB file took 35 s and
    3.8 GB; 10**7 ran out of memory)."""
    info = os.stat(path)  # FileNotFoundError naming the file
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"'{path}' is not a regular file: count_csv reads byte ranges of a file")
    size = info.st_size
    blocksize = _integer(blocksize, "blocksize")
    if blocksize < _MIN_RANGE:
        raise ValueError(f"blocksize must be at least {_MIN_RANGE} bytes (64 KiB), not {blocksize}")
    if partitions is None:
        return max(1, -(-size // blocksize))
    partitions = _integer(partitions, "partitions")
    most = max(_FEW_RANGES, size // _MIN_RANGE)
    if partitions < 1:
        raise ValueError(f"partitions must be at least 1, not {partitions}")
    if partitions > most:
        raise ValueError(f"partitions={partitions} is more than the {most} a file of {size} bytes takes (at most "
                         f"{_FEW_RANGES}, or one per {_MIN_RANGE} bytes (64 KiB) of a larger file)")
    return partitions


def count_csv(path, columns, *, partitions=None, blocksize=64 << 20, missing=_rr.MISSING, split_every=8,
              compute=True):
    """The counts of a CSV file over ``columns``, counted in byte ranges on the workers by core's CSV reader
    (no pandas parsing): the records that start in each range, the ranges a partition of the file, so every
    record is counted once. First each worker counts the '"' bytes of its range: their parity before a range
    says whether it starts inside a quoted field (RFC 4180), so a quoted line break never splits a record. The
    partial counts add up in a tree, in file order (categories in order of first appearance, as the CLI's).
    ``partitions`` (default: one per ``blocksize`` bytes) from 1 to 1,024 or one per 64 KiB of the file, whichever
    is more; ``blocksize`` at least 64 KiB; a regular file (ValueError otherwise). The file must be readable at
    the same path on every worker (a shared or local file system)."""
    path = os.fspath(path)
    return _count_csv_ranges(path, columns, _ranges(path, partitions, blocksize), missing, split_every, compute)


def _count_csv_ranges(path, columns, n, missing, split_every, compute):
    import dask

    columns = [columns] if isinstance(columns, str) else list(columns)
    size = os.path.getsize(path)
    bounds = [size * k // n for k in range(n + 1)]
    quotes = [dask.delayed(_quotes)(path, bounds[k], bounds[k + 1]) for k in range(n)]
    before = dask.delayed(lambda q: [sum(q[:k]) for k in range(len(q))])(quotes)
    parts = [dask.delayed(_count_range)(path, columns, bounds[k], bounds[k + 1], before[k], tuple(missing))
             for k in range(n)]
    while len(parts) > 1:
        parts = [dask.delayed(_add)(parts[i:i + split_every]) for i in range(0, len(parts), split_every)]
    return parts[0].compute() if compute else parts[0]


def counts_of(data, columns, *, missing=_rr.MISSING, partitions=None, blocksize=64 << 20, split_every=8):
    """The counts of ``data`` over ``columns`` on the cluster: a Dask DataFrame by ``count``, a CSV file's path by
    ``count_csv``; Counts as they are (already counted)."""
    if isinstance(data, _rr.Counts):
        return data
    if isinstance(data, (str, os.PathLike)):
        return count_csv(data, columns, partitions=partitions, blocksize=blocksize, missing=missing,
                         split_every=split_every)
    return count(data, columns, missing=missing, split_every=split_every)


def regress(data, *, outcome, positive, predictors, original=None, missing=_rr.MISSING, partitions=None,
            blocksize=64 << 20, split_every=8, **options):
    """``rr_explorer.regress`` on a release too large for one machine: ``data`` (and ``original``, when given) a
    Dask DataFrame or a CSV file's path, counted over the outcome and the predictors on the workers (``counts_of``),
    then fitted from the counts on the client. The other keywords are rr_explorer.regress's (``reference``, ``p``,
    ``matrix``, ``alpha``, ...). The result is the single machine's, but ``rows`` counts the cells counted."""
    predictors = [predictors] if isinstance(predictors, str) else list(predictors)
    columns = predictors + [outcome]
    kw = dict(missing=missing, partitions=partitions, blocksize=blocksize, split_every=split_every)
    counts = counts_of(data, columns, **kw)
    before = None if original is None else counts_of(original, columns, **kw)
    return _rr.regress(counts, outcome=outcome, positive=positive, predictors=predictors, original=before, **options)


def reconstruct(data, *, attributes, estimator="mle", missing=_rr.MISSING, partitions=None, blocksize=64 << 20,
                split_every=8, **options):
    """``rr_explorer.reconstruct`` (by default ``estimator='mle'``: the maximum-likelihood shares on the simplex) of
    ``data``, a Dask DataFrame or a CSV file's path, counted over ``attributes`` on the workers (``counts_of``) and
    estimated from the counts on the client. The other keywords are the CLI's (``p``, ``matrix``, ...)."""
    attributes = [attributes] if isinstance(attributes, str) else list(attributes)
    counts = counts_of(data, attributes, missing=missing, partitions=partitions, blocksize=blocksize,
                       split_every=split_every)
    return _rr.reconstruct(counts, attributes=attributes, estimator=estimator, **options)


def _partition_seed(seed, index):
    digest = hashlib.sha256(f"rr-explorer:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1  # the CLI's --seed takes 64-bit unsigned values


def _empty(columns):
    """The release's columns (strings) and the order key, no record: the meta, and an empty partition."""
    frame = pd.DataFrame({c: pd.Series(dtype=object) for c in columns})
    frame[_KEY] = pd.Series(dtype=np.uint64)
    return frame


def _randomize_partition(frame, columns, attributes, p, seed, keep, missing, categories, partition_info=None):
    index = partition_info["number"] if partition_info else 0
    kwargs = dict(attributes=attributes, p=p, keep=keep, missing=",".join(missing), categories=categories)
    if seed is not None:
        kwargs["seed"] = _partition_seed(seed, index)
    if len(frame) == 0:
        return _empty(columns)
    release, _ = _rr.randomize(frame, **kwargs)
    release = release.astype(object)
    # The key of the shuffle across partitions: 63 bits from the operating system's CSPRNG per record.
    release[_KEY] = np.frombuffer(os.urandom(8 * len(release)), dtype=np.uint64) >> np.uint64(1)
    return release


def _order_partition(frame):
    return frame.sort_values(_KEY, kind="stable").drop(columns=[_KEY]).reset_index(drop=True)


def randomize(ddf, *, attributes, p=None, seed=None, keep=None, missing=_rr.MISSING, npartitions=None,
              categories=None):
    """A lazy randomized release of ``ddf`` (a Dask DataFrame) and its note (a dict). The release has the
    randomized columns and ``keep`` (in the source's column order) as strings, missing values as NaN, records
    in a random order across the whole table. Each attribute is randomized over the whole table's categories
    (``categories`` {name: labels}, by default counted first: one pass), whatever a partition shows. Write it
    with Dask's own writers: ``release.to_csv(...)`` (``write_csv``), ``release.to_parquet(...)`` where pyarrow
    is installed."""
    attributes = [attributes] if isinstance(attributes, str) else list(attributes)
    keep = [] if keep is None else [keep] if isinstance(keep, str) else list(keep)
    unknown = [c for c in attributes + keep if c not in ddf.columns]
    if unknown:
        raise ValueError(f"unknown attribute '{unknown[0]}'")
    columns = [c for c in ddf.columns if c in attributes or c in keep]
    if categories is None:  # the domains of the whole table, in order of first appearance (as the CLI has them)
        counts = count(ddf, attributes, missing=missing)
        categories = dict(zip(counts.names, counts.labels))
    meta = _empty(columns)
    randomized = ddf[columns].map_partitions(_randomize_partition, columns, attributes, p, seed, keep,
                                             tuple(missing), categories, meta=meta)
    shuffled = randomized.shuffle(on=_KEY, npartitions=npartitions or ddf.npartitions, ignore_index=True)
    release = shuffled.map_partitions(_order_partition, meta=meta.drop(columns=[_KEY]))
    note = {
        "generator": ("secure (ChaCha20 streams of libsodium keyed from the OS CSPRNG), a fresh key per partition"
                      if seed is None else
                      f"seeded (seed {seed}, one derived seed per partition): reproducible, not for release; "
                      "ChaCha20 streams"),
        "order": "random (within each partition by the release generator; across partitions by Dask's shuffle on "
                 "a key from the OS CSPRNG)",
        "partitions": ddf.npartitions,
        "columns": {"randomized": [c for c in columns if c in attributes],
                    "kept_in_clear": [c for c in columns if c not in attributes],
                    "dropped": [c for c in ddf.columns if c not in columns]},
        "p": dict(p or {}),
    }
    return release, note


def write_csv(release, path, **kwargs):
    """Writes a release with Dask's own CSV writer (one file per partition unless single_file=True)."""
    return release.to_csv(path, index=False, **kwargs)


def write_parquet(release, path, **kwargs):
    """Writes a release with Dask's Parquet writer; ImportError when pyarrow is not installed."""
    import pyarrow  # noqa: F401  (Debian 12 has no pyarrow package)

    return release.to_parquet(path, write_index=False, **kwargs)
