from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "ludoteca.web.accounts"
    label = "accounts"
