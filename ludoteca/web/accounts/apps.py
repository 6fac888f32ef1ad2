from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "ludoteca.web.accounts"
    label = "accounts"

    def ready(self) -> None:
        from ludoteca.web.accounts import signals

        signals.connect()
