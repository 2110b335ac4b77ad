"""Kilauea's widgets: the volcano board (sectors, forests, canoe track, islands) and its pieces."""
