"""Atos de verificação (issue 12): a situação da verificação de uma opção por grupo reservado só
muda por um ato registrado, com a origem (comissão, recursal, apuração, Justiça, avaliação PcD), o
documento, a data do ato e quem o registrou. Só inclusão."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("concursos", "0010_registro_dos_atos"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="AtoDeVerificacao",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("grupo", models.CharField(max_length=32, verbose_name="grupo")),
                (
                    "situacao_anterior",
                    models.CharField(
                        choices=[
                            ("pendente", "Pendente"),
                            ("confirmado", "Confirmado"),
                            ("nao_confirmado", "Não confirmado"),
                            ("ausente", "Ausente"),
                            ("declaracao_falsa", "Declaração falsa (apurada em processo)"),
                        ],
                        max_length=20,
                        verbose_name="verificação anterior",
                    ),
                ),
                (
                    "situacao",
                    models.CharField(
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
                (
                    "origem",
                    models.CharField(
                        choices=[
                            ("comissao", "Decisão colegiada da comissão de heteroidentificação"),
                            ("recurso", "Decisão da comissão recursal"),
                            ("apuracao", "Processo de apuração de declaração falsa"),
                            ("judicial", "Decisão judicial registrada"),
                            ("avaliacao_pcd", "Avaliação da equipe multiprofissional (PcD)"),
                        ],
                        max_length=16,
                        verbose_name="origem",
                    ),
                ),
                (
                    "documento",
                    models.CharField(
                        help_text="Ata, laudo, parecer da equipe, decisão do processo ou da Justiça.",
                        max_length=120,
                        verbose_name="documento",
                    ),
                ),
                ("data_do_ato", models.DateField(verbose_name="data do ato")),
                (
                    "equipe",
                    models.CharField(
                        blank=True,
                        help_text="Na avaliação PcD: a equipe multiprofissional (ou biopsicossocial) que avaliou.",
                        max_length=300,
                        verbose_name="equipe avaliadora",
                    ),
                ),
                ("processo", models.CharField(blank=True, max_length=40, verbose_name="número do processo judicial")),
                (
                    "sub_judice",
                    models.BooleanField(
                        default=False,
                        help_text="Decisão judicial ainda não definitiva (liminar, sentença recorrida).",
                        verbose_name="sub judice",
                    ),
                ),
                ("motivo", models.TextField(blank=True, verbose_name="motivo")),
                ("registrado_em", models.DateTimeField(auto_now_add=True, verbose_name="registrado em")),
                (
                    "sem_efeito",
                    models.CharField(
                        blank=True,
                        help_text="Por exemplo, o candidato já saiu.",
                        max_length=200,
                        verbose_name="sem efeito no resultado porque",
                    ),
                ),
                (
                    "evento",
                    models.OneToOneField(
                        blank=True,
                        help_text="Quando o cargo já tinha resultado publicado: o evento de revisão de verificação.",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="ato_de_verificacao",
                        to="concursos.evento",
                        verbose_name="evento de revisão",
                    ),
                ),
                (
                    "inscricao",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="atos_de_verificacao",
                        to="concursos.inscricao",
                        verbose_name="inscrição",
                    ),
                ),
                (
                    "registrado_por",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="registrado por",
                    ),
                ),
            ],
            options={
                "verbose_name": "ato de verificação",
                "verbose_name_plural": "atos de verificação",
                "ordering": ["inscricao", "registrado_em", "id"],
                "default_permissions": ["add", "view"],
            },
        ),
    ]
