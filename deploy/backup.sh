#!/usr/bin/env bash
# Cópia de segurança do banco (pg_dump -Fc) e dos arquivos privados, com rotação (ver README).
#
#   sudo -u concursos /srv/concursos/deploy/backup.sh
#
# Variáveis (todas opcionais):
#   DATABASE_URL         banco a copiar; sem ela, lida de ARQUIVO_DE_AMBIENTE (/etc/concursos/ambiente)
#   PASTA_DE_BACKUP      onde gravar (/var/backups/concursos)
#   DIAS_DE_BACKUP       apaga cópias com mais de N dias (30)
#   ARQUIVOS_PRIVADOS    pasta dos arquivos enviados, copiada junto (também lida de ARQUIVO_DE_AMBIENTE;
#                        padrão /srv/concursos/arquivos_privados)
#
# A cópia é gravada com outro nome e só é renomeada depois que o pg_restore consegue ler o índice
# dela: um backup pela metade nunca fica com cara de bom. Sai com erro (e o cron manda e-mail) se
# qualquer passo falhar. As cópias têm dados pessoais: a pasta é do usuário concursos com o grupo
# postgres (quem roda o teste de restauração) e ninguém mais lê — crie-a uma vez com
#   sudo install -d -m 2750 -o concursos -g postgres /var/backups/concursos
set -euo pipefail
umask 027

ambiente=${ARQUIVO_DE_AMBIENTE:-/etc/concursos/ambiente}
do_ambiente() { if [ -r "$ambiente" ]; then sed -n "s/^$1=//p" "$ambiente" | tail -n 1; fi; }
DATABASE_URL=${DATABASE_URL:-$(do_ambiente DATABASE_URL)}
ARQUIVOS_PRIVADOS=${ARQUIVOS_PRIVADOS:-$(do_ambiente ARQUIVOS_PRIVADOS)}
: "${DATABASE_URL:?defina DATABASE_URL ou ARQUIVO_DE_AMBIENTE}"
# Senha na URL (banco em outro servidor): vai para PGPASSWORD, que outros usuários da máquina não
# veem, em vez de aparecer na linha de comando do pg_dump (visível no ps).
if [[ $DATABASE_URL =~ ^(postgres(ql)?://[^:/@]+):([^@]*)@(.*)$ ]]; then
  PGPASSWORD=$(printf '%b' "${BASH_REMATCH[3]//%/\\x}")
  export PGPASSWORD
  DATABASE_URL="${BASH_REMATCH[1]}@${BASH_REMATCH[4]}"
fi
destino=${PASTA_DE_BACKUP:-/var/backups/concursos}
dias=${DIAS_DE_BACKUP:-30}
privados=${ARQUIVOS_PRIVADOS:-/srv/concursos/arquivos_privados}

mkdir -p "$destino"
carimbo=$(date +%Y-%m-%d_%H%M%S)
arquivo="$destino/concursos-$carimbo.dump"

pg_dump --format=custom --compress=6 --file="$arquivo.parcial" --dbname="$DATABASE_URL"
pg_restore --list "$arquivo.parcial" >/dev/null
mv "$arquivo.parcial" "$arquivo"
echo "backup: banco em $arquivo ($(du -h "$arquivo" | cut -f1))"

if [ -d "$privados" ]; then
  tar -C "$(dirname "$privados")" -czf "$destino/arquivos-privados-$carimbo.tar.gz.parcial" "$(basename "$privados")"
  mv "$destino/arquivos-privados-$carimbo.tar.gz.parcial" "$destino/arquivos-privados-$carimbo.tar.gz"
  echo "backup: arquivos privados em $destino/arquivos-privados-$carimbo.tar.gz"
fi

# Rotação: o que passou de DIAS_DE_BACKUP dias (e restos de execuções interrompidas).
find "$destino" -maxdepth 1 -type f \
  \( -name 'concursos-*.dump' -o -name 'arquivos-privados-*.tar.gz' -o -name '*.parcial' \) \
  -mtime +"$dias" -print -delete | sed 's/^/backup: apagado /'
