#!/usr/bin/env python3
"""kvc's Python package against NumPy, as ratios measured in one process on int32 ids.

1. kvc.segment_positions at 16M tokens against numpy.copy of the same array (target: within 1.5x).
2. The best pure-NumPy segment positions against kvc.segment_positions (target: kvc 5x faster).
3. The best pure-NumPy common prefix of two 1M-token arrays, first difference near the end,
   against kvc.reusable_prefix_length (target: kvc 10x faster).

Every time is the median of several runs. Run it with /usr/bin/python3 (Debian's NumPy) and kvc
importable (the python preset's build tree on PYTHONPATH, or an installed package):

    PYTHONPATH=build/python/python /usr/bin/python3 python/bench/bench_kvc.py

--smoke runs tiny sizes once, to check that the script works (ctest: python.bench_smoke);
--check exits with 1 when a target is missed.
"""

import argparse
import statistics
import sys
import time

import numpy as np

import kvc


def median_seconds(fn, repeat):
    fn()  # warm up: page faults of fresh outputs, caches
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def packed_ids(tokens, mean_run, seed=0):
    """Segment ids of packed sequences: runs of random lengths (mean `mean_run`), int32."""
    rng = np.random.default_rng(seed)
    lengths = rng.integers(1, 2 * mean_run, size=tokens // mean_run + 2)
    ids = np.repeat(np.arange(lengths.size, dtype=np.int32), lengths)[:tokens]
    return np.ascontiguousarray(ids)


def numpy_positions_repeat(ids):
    """arange minus the run start repeated over each run."""
    n = ids.size
    change = np.empty(n, dtype=bool)
    change[0] = True
    np.not_equal(ids[1:], ids[:-1], out=change[1:])
    starts = np.flatnonzero(change).astype(np.int32)
    lengths = np.diff(starts, append=np.int32(n))
    return np.arange(n, dtype=np.int32) - np.repeat(starts, lengths)


def numpy_positions_accumulate(ids):
    """arange minus the running maximum of the run starts."""
    n = ids.size
    index = np.arange(n, dtype=np.int32)
    starts = np.zeros(n, dtype=np.int32)
    change = np.empty(n, dtype=bool)
    change[0] = True
    np.not_equal(ids[1:], ids[:-1], out=change[1:])
    np.copyto(starts, index, where=change)
    np.maximum.accumulate(starts, out=starts)
    return np.subtract(index, starts, out=index)


def numpy_prefix_flatnonzero(a, b):
    n = min(a.size, b.size)
    differ = np.flatnonzero(a[:n] != b[:n])
    return int(differ[0]) if differ.size else n


def numpy_prefix_argmax(a, b):
    n = min(a.size, b.size)
    differ = a[:n] != b[:n]
    first = int(differ.argmax())  # argmax of a bool array stops at the first True
    return first if differ[first] else n


def best(candidates, repeat):
    """The fastest of several formulations: (name, seconds)."""
    return min(((name, median_seconds(fn, repeat)) for name, fn in candidates.items()),
               key=lambda item: item[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: does it work")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--repeat", type=int, default=15, help="runs per median")
    args = parser.parse_args()
    positions_tokens, prefix_tokens, repeat = (16 << 20), (1 << 20), args.repeat
    if args.smoke:
        positions_tokens, prefix_tokens, repeat = 4096, 4096, 1

    ids = packed_ids(positions_tokens, mean_run=1024)
    expected = numpy_positions_repeat(ids)
    assert np.array_equal(kvc.segment_positions(ids), expected)
    assert np.array_equal(numpy_positions_accumulate(ids), expected)

    copy_s = median_seconds(lambda: np.copy(ids), repeat)
    kvc_positions_s = median_seconds(lambda: kvc.segment_positions(ids), repeat)
    numpy_name, numpy_positions_s = best(
        {"repeat": lambda: numpy_positions_repeat(ids),
         "accumulate": lambda: numpy_positions_accumulate(ids)}, repeat)

    cached = np.arange(prefix_tokens, dtype=np.int32)
    requested = cached.copy()
    requested[-17] = -1  # the first difference near the end
    assert kvc.reusable_prefix_length("m", "m", cached, requested) == prefix_tokens - 17
    assert numpy_prefix_flatnonzero(cached, requested) == prefix_tokens - 17
    assert numpy_prefix_argmax(cached, requested) == prefix_tokens - 17
    kvc_prefix_s = median_seconds(
        lambda: kvc.reusable_prefix_length("m", "m", cached, requested), repeat)
    prefix_name, numpy_prefix_s = best(
        {"flatnonzero": lambda: numpy_prefix_flatnonzero(cached, requested),
         "argmax": lambda: numpy_prefix_argmax(cached, requested)}, repeat)

    ratios = [
        ("kvc.segment_positions / numpy.copy", kvc_positions_s / copy_s, "<= 1.5",
         kvc_positions_s / copy_s <= 1.5),
        (f"NumPy positions ({numpy_name}) / kvc.segment_positions",
         numpy_positions_s / kvc_positions_s, ">= 5", numpy_positions_s / kvc_positions_s >= 5),
        (f"NumPy prefix ({prefix_name}) / kvc.reusable_prefix_length",
         numpy_prefix_s / kvc_prefix_s, ">= 10", numpy_prefix_s / kvc_prefix_s >= 10),
    ]
    print(f"segment positions: {positions_tokens} int32 ids, runs of ~1024; prefix: "
          f"{prefix_tokens} int32 tokens; medians of {repeat} runs")
    print(f"  numpy.copy               {copy_s * 1e3:9.3f} ms")
    print(f"  kvc.segment_positions    {kvc_positions_s * 1e3:9.3f} ms")
    print(f"  NumPy positions          {numpy_positions_s * 1e3:9.3f} ms ({numpy_name})")
    print(f"  kvc.reusable_prefix_len. {kvc_prefix_s * 1e3:9.3f} ms")
    print(f"  NumPy prefix             {numpy_prefix_s * 1e3:9.3f} ms ({prefix_name})")
    for name, ratio, target, met in ratios:
        print(f"{name}: {ratio:.2f} (target {target}){'' if met else '  MISSED'}")
    if args.check and not args.smoke and not all(met for *_, met in ratios):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
