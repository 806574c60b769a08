"""O registro é uma linha do tempo (docs/REGRAS.md §§ 8 e 9).

- Evento: a data do ato (obrigatória; nos eventos já registrados, a data em que foram registrados,
  na hora de Brasília), a publicação no Diário Oficial e os campos das revisões (verificação e nota,
  sub judice com o número do processo). Os tipos novos (``verificacao``, ``nota``) vêm de
  ``cotas.eventos.TIPOS_DE_EVENTO``.
- Edital: a prorrogação da validade como ato registrado (até quando, documento, data, quem registrou).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _data_do_registro(apps, schema_editor):
    """Eventos já gravados: a data do ato é a do registro, no fuso de ``TIME_ZONE``."""
    from django.utils import timezone

    for nome in ("Evento", "HistoricalEvento"):
        modelo = apps.get_model("concursos", nome)
        for pk, registrado_em in modelo.objects.filter(data_do_ato__isnull=True).values_list("pk", "registrado_em"):
            dia = timezone.localtime(registrado_em).date() if registrado_em else timezone.localdate()
            modelo.objects.filter(pk=pk).update(data_do_ato=dia)


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0009_tarefas_no_pacote_segundo_plano"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="edital",
            name="prorrogacao_data",
            field=models.DateField(blank=True, editable=False, null=True, verbose_name="data do ato de prorrogação"),
        ),
        migrations.AddField(
            model_name="edital",
            name="prorrogacao_documento",
            field=models.CharField(blank=True, editable=False, max_length=200, verbose_name="documento da prorrogação"),
        ),
        migrations.AddField(
            model_name="edital",
            name="prorrogacao_registrada_por",
            field=models.ForeignKey(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="prorrogação registrada por",
            ),
        ),
        migrations.AddField(
            model_name="edital",
            name="prorrogada_ate",
            field=models.DateField(blank=True, editable=False, null=True, verbose_name="validade prorrogada até"),
        ),
        migrations.AddField(
            model_name="evento",
            name="data_do_ato",
            field=models.DateField(
                help_text="Data do ato que o evento registra (portaria, decisão, requerimento), dentro da validade do concurso.",
                null=True,
                verbose_name="data do ato",
            ),
        ),
        migrations.AddField(
            model_name="evento",
            name="diario_oficial",
            field=models.CharField(
                blank=True,
                help_text="Referência da publicação, por exemplo “DOM nº 1234, 02/05/2025, p. 7”.",
                max_length=200,
                verbose_name="publicação no Diário Oficial",
            ),
        ),
        migrations.AddField(
            model_name="evento",
            name="grupo",
            field=models.CharField(blank=True, max_length=32, verbose_name="grupo"),
        ),
        migrations.AddField(
            model_name="evento",
            name="nota",
            field=models.DecimalField(
                blank=True, decimal_places=3, max_digits=9, null=True, verbose_name="nota corrigida"
            ),
        ),
        migrations.AddField(
            model_name="evento",
            name="notas_parciais",
            field=models.JSONField(blank=True, default=dict, verbose_name="notas parciais corrigidas"),
        ),
        migrations.AddField(
            model_name="evento",
            name="processo",
            field=models.CharField(blank=True, max_length=40, verbose_name="número do processo judicial"),
        ),
        migrations.AddField(
            model_name="evento",
            name="situacao",
            field=models.CharField(
                blank=True,
                choices=[
                    ("pendente", "Pendente"),
                    ("confirmado", "Confirmado"),
                    ("nao_confirmado", "Não confirmado"),
                    ("ausente", "Ausente"),
                    ("declaracao_falsa", "Declaração falsa (apurada em processo)"),
                ],
                max_length=20,
                verbose_name="nova verificação",
            ),
        ),
        migrations.AddField(
            model_name="evento",
            name="sub_judice",
            field=models.BooleanField(
                default=False,
                help_text="Decisão judicial ainda não definitiva (liminar, sentença recorrida).",
                verbose_name="sub judice",
            ),
        ),
        migrations.AddField(
            model_name="historicaledital",
            name="prorrogacao_data",
            field=models.DateField(blank=True, editable=False, null=True, verbose_name="data do ato de prorrogação"),
        ),
        migrations.AddField(
            model_name="historicaledital",
            name="prorrogacao_documento",
            field=models.CharField(blank=True, editable=False, max_length=200, verbose_name="documento da prorrogação"),
        ),
        migrations.AddField(
            model_name="historicaledital",
            name="prorrogacao_registrada_por",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="prorrogação registrada por",
            ),
        ),
        migrations.AddField(
            model_name="historicaledital",
            name="prorrogada_ate",
            field=models.DateField(blank=True, editable=False, null=True, verbose_name="validade prorrogada até"),
        ),
        migrations.AddField(
            model_name="historicalevento",
            name="data_do_ato",
            field=models.DateField(
                help_text="Data do ato que o evento registra (portaria, decisão, requerimento), dentro da validade do concurso.",
                null=True,
                verbose_name="data do ato",
            ),
        ),
        migrations.AddField(
            model_name="historicalevento",
            name="diario_oficial",
            field=models.CharField(
                blank=True,
                help_text="Referência da publicação, por exemplo “DOM nº 1234, 02/05/2025, p. 7”.",
                max_length=200,
                verbose_name="publicação no Diário Oficial",
            ),
        ),
        migrations.AddField(
            model_name="historicalevento",
            name="grupo",
            field=models.CharField(blank=True, max_length=32, verbose_name="grupo"),
        ),
        migrations.AddField(
            model_name="historicalevento",
            name="nota",
            field=models.DecimalField(
                blank=True, decimal_places=3, max_digits=9, null=True, verbose_name="nota corrigida"
            ),
        ),
        migrations.AddField(
            model_name="historicalevento",
            name="notas_parciais",
            field=models.JSONField(blank=True, default=dict, verbose_name="notas parciais corrigidas"),
        ),
        migrations.AddField(
            model_name="historicalevento",
            name="processo",
            field=models.CharField(blank=True, max_length=40, verbose_name="número do processo judicial"),
        ),
        migrations.AddField(
            model_name="historicalevento",
            name="situacao",
            field=models.CharField(
                blank=True,
                choices=[
                    ("pendente", "Pendente"),
                    ("confirmado", "Confirmado"),
                    ("nao_confirmado", "Não confirmado"),
                    ("ausente", "Ausente"),
                    ("declaracao_falsa", "Declaração falsa (apurada em processo)"),
                ],
                max_length=20,
                verbose_name="nova verificação",
            ),
        ),
        migrations.AddField(
            model_name="historicalevento",
            name="sub_judice",
            field=models.BooleanField(
                default=False,
                help_text="Decisão judicial ainda não definitiva (liminar, sentença recorrida).",
                verbose_name="sub judice",
            ),
        ),
        migrations.AlterField(
            model_name="edital",
            name="validade_ate",
            field=models.DateField(
                blank=True,
                help_text="Último dia da validade do concurso (até dois anos, CF art. 37, III). Eventos datados depois dele (ou da prorrogação) são recusados.",
                null=True,
                verbose_name="prazo de validade (até)",
            ),
        ),
        migrations.AlterField(
            model_name="evento",
            name="tipo",
            field=models.CharField(
                choices=[
                    ("vagas_adicionais", "Vagas adicionais"),
                    ("desistencia", "Desistência"),
                    ("nao_posse", "Não posse"),
                    ("final_de_lista", "Final de lista"),
                    ("anulacao", "Anulação (declaração falsa)"),
                    ("verificacao", "Revisão de verificação"),
                    ("nota", "Correção de nota"),
                    ("reversao", "Reversão de evento registrado por engano"),
                ],
                max_length=20,
                verbose_name="tipo",
            ),
        ),
        migrations.AlterField(
            model_name="historicaledital",
            name="validade_ate",
            field=models.DateField(
                blank=True,
                help_text="Último dia da validade do concurso (até dois anos, CF art. 37, III). Eventos datados depois dele (ou da prorrogação) são recusados.",
                null=True,
                verbose_name="prazo de validade (até)",
            ),
        ),
        migrations.AlterField(
            model_name="historicalevento",
            name="tipo",
            field=models.CharField(
                choices=[
                    ("vagas_adicionais", "Vagas adicionais"),
                    ("desistencia", "Desistência"),
                    ("nao_posse", "Não posse"),
                    ("final_de_lista", "Final de lista"),
                    ("anulacao", "Anulação (declaração falsa)"),
                    ("verificacao", "Revisão de verificação"),
                    ("nota", "Correção de nota"),
                    ("reversao", "Reversão de evento registrado por engano"),
                ],
                max_length=20,
                verbose_name="tipo",
            ),
        ),
        migrations.RunPython(_data_do_registro, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="evento",
            name="data_do_ato",
            field=models.DateField(
                help_text="Data do ato que o evento registra (portaria, decisão, requerimento), dentro da validade do concurso.",
                verbose_name="data do ato",
            ),
        ),
        migrations.AlterField(
            model_name="historicalevento",
            name="data_do_ato",
            field=models.DateField(
                help_text="Data do ato que o evento registra (portaria, decisão, requerimento), dentro da validade do concurso.",
                verbose_name="data do ato",
            ),
        ),
    ]
