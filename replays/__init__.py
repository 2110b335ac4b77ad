"""Replay files: append-only, hash-chained event logs; seeking, rewinding and export."""
