"""The clocks room (service/clocks, bot/clocks): banks, deadlines, reminders, vacations."""
