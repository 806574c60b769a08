#!/usr/bin/env python
"""Utilitário de linha de comando do Django para o sistema de cotas de Cariacica."""

import os
import sys


def main():
    if sys.argv[1:2] == ["simular_cotas"]:
        # O simulador não usa banco nem Django: chamar o motor direto poupa a carga do framework
        # (cerca de 0,3 s), o que conta num edital nacional (ver bench/). O comando Django de mesmo
        # nome continua existindo para ``call_command`` e ``manage.py help``.
        from cotas.cli import encerrar_sem_desmontar
        from cotas.cli import main as simular_cotas

        sys.exit(simular_cotas(sys.argv[2:], terminar=encerrar_sem_desmontar))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
