"""Em nome de quem um comando de gestão age: a pessoa de ``--usuario`` ou, sem ele, o primeiro
superusuário ativo; em qualquer caso, com as permissões que a mesma ação pediria na tela."""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError


def usuario_do_comando(username: str | None, permissoes: list[str]):
    modelo = get_user_model()
    if username:
        usuario = modelo.objects.filter(**{modelo.USERNAME_FIELD: username}, is_active=True).first()
        if usuario is None:
            raise CommandError(f"Usuário {username!r} não encontrado ou inativo.")
    else:
        usuario = modelo.objects.filter(is_superuser=True, is_active=True).order_by("pk").first()
        if usuario is None:
            raise CommandError("Nenhum superusuário ativo: crie um (createsuperuser) ou informe --usuario.")
    faltam = [p for p in permissoes if not usuario.has_perm(p)]
    if faltam:
        raise CommandError(f"O usuário {usuario.get_username()} não tem a permissão {', '.join(faltam)}.")
    return usuario
