import gettext

from ludoteca.engine.i18n import (
    compile_po,
    missing_translations,
    ngettext_noop,
    read_po,
)


def test_po_compiles_to_an_mo_that_gettext_reads(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#: x.py\nmsgid "It is not your turn."\nmsgstr "Não é a sua vez."\n\n'
        'msgid "Long "\n"line"\nmsgstr ""\n"Linha "\n"longa"\n\n'
        '#, fuzzy\nmsgid "Unsure"\nmsgstr "Incerto"\n',
        encoding="utf-8",
    )
    assert read_po(po)["Long line"] == "Linha longa"
    assert "Unsure" not in read_po(po)
    mo = compile_po(po)
    with mo.open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    assert catalog.gettext("It is not your turn.") == "Não é a sua vez."
    assert catalog.gettext("Unsure") == "Unsure"


def test_missing_translations_lists_untranslated_marked_strings(tmp_path):
    src = tmp_path / "text.py"
    src.write_text(
        "from ludoteca.engine.i18n import gettext_noop\n"
        'A = gettext_noop("Done.")\nB = gettext_noop("Not yet.")\n',
        encoding="utf-8",
    )
    po = tmp_path / "django.po"
    po.write_text('msgid "Done."\nmsgstr "Feito."\n', encoding="utf-8")
    assert missing_translations([src], po) == ["Not yet."]


def test_plural_entries_compile_for_ngettext(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "one match"\nmsgid_plural "%(n)s matches"\n'
        'msgstr[0] "uma partida"\nmsgstr[1] "%(n)s partidas"\n',
        encoding="utf-8",
    )
    mo = compile_po(po)
    with mo.open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    assert catalog.ngettext("one match", "%(n)s matches", 1) == "uma partida"
    assert catalog.ngettext("one match", "%(n)s matches", 3) == "%(n)s partidas"


def test_a_plural_needs_every_form_in_the_catalog(tmp_path):
    src = tmp_path / "text.py"
    src.write_text(
        "from ludoteca.engine.i18n import ngettext_noop\n"
        'A = ngettext_noop("{n} card.", "{n} cards.", count="n")\n'
        'B = ngettext_noop("{n} pawn.", "{n} pawns.", count="n")\n',
        encoding="utf-8",
    )
    po = tmp_path / "django.po"
    po.write_text(
        'msgid "{n} card."\nmsgid_plural "{n} cards."\n'
        'msgstr[0] "{n} carta."\nmsgstr[1] "{n} cartas."\n\n'
        'msgid "{n} pawn."\nmsgid_plural "{n} pawns."\n'
        'msgstr[0] "{n} peão."\nmsgstr[1] ""\n',
        encoding="utf-8",
    )
    assert missing_translations([src], po) == ["{n} pawn. | {n} pawns."]
    assert ngettext_noop("{n} card.", "{n} cards.", count="n").param == "n"
