"""The computer players and the coach's analysis (engines/ai)."""
