"""Players doing their own part on the players' page: sign in, deck list, result, drop.

`app.SelfService` answers `/me…` (HTML forms that work without JavaScript,
each POST carrying a CSRF token) and `/api/session`, `/api/me…` (the JSON
API with a bearer token): routes it adds to the page's one table (`web.site`).
The acts themselves are `services.phones.self_service`.
"""
