# Refusals a person meets when a command cannot run: one clear sentence each.

refusal-server-only = Use this command in a server.
refusal-not-a-value = That is not a valid value: { $value }.
refusal-not-here = You can't use this command here.
