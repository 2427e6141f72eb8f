"""Players doing their own part on the players' page: sign in, deck list, result, drop.

`app.SelfService` answers `/me…` (HTML forms that work without JavaScript,
each POST carrying a CSRF token) and `/api/session`, `/api/me…` (the JSON
API with a bearer token); the read-only players' page hands it those paths
and keeps every other. The acts themselves are `services.self_service`.
"""
