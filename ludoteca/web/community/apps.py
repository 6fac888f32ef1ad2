from django.apps import AppConfig


class CommunityConfig(AppConfig):
    """Playing with people who are not online at the same time: notifications
    and their emails (an outbox), rematches, account care."""

    name = "ludoteca.web.community"
    label = "community"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from ludoteca.web.community import moderation, notify
        from ludoteca.web.play import actions
        from ludoteca.web.play.signals import match_finished, turn_came

        if moderation.check_chat_allowed not in actions.chat_checks:
            actions.chat_checks.append(moderation.check_chat_allowed)
        if moderation.hidden_authors not in actions.chat_hidden:
            actions.chat_hidden.append(moderation.hidden_authors)

        turn_came.connect(notify.on_turn_came, dispatch_uid="community-turn")
        match_finished.connect(notify.on_match_finished, dispatch_uid="community-end")
