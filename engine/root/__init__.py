"""Root: the Necropossums (la Cabale), from the Law of Root text (CN.1–CN.6)."""
