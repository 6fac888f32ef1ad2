"""The Django project and its apps: accounts, lobby, play, history, wiki."""
