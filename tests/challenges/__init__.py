"""The challenges room (service/challenges, bot/challenges): challenges and rematches."""
