"""Pantheon's front ends (Discord and the offline console) over the match service."""
