"""Mauna Kea's widgets: the island board, the players' tiles and boats, the event log lines."""
