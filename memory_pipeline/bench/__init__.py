"""Benchmark suite: workload generator with ground truth and measures."""
