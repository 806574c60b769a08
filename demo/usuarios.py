"""Usuários de demonstração: um por papel, com senha pública (só para demonstração)."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model

URL_DO_ADMIN = "http://127.0.0.1:8000/admin/"


@dataclass(frozen=True)
class UsuarioDemo:
    username: str
    senha: str
    nome: str
    grupo: str | None
    staff: bool
    superusuario: bool = False


# Senhas SÓ de demonstração, impressas pelo comando e escritas no README. Nunca em produção.
USUARIOS = (
    UsuarioDemo("admin", "demo-admin-2025", "Administrador Demonstração", None, staff=True, superusuario=True),
    UsuarioDemo("rh", "demo-rh-2025", "Rita Moreira", "RH", staff=True),
    UsuarioDemo("membro1", "demo-membro1-2025", "Marcos Vieira", "Membro de comissão", staff=False),
    UsuarioDemo("membro2", "demo-membro2-2025", "Sônia Lopes", "Membro de comissão", staff=False),
    UsuarioDemo("membro3", "demo-membro3-2025", "Jorge Paiva", "Membro de comissão", staff=False),
    UsuarioDemo("membro4", "demo-membro4-2025", "Regina Costa", "Membro de comissão", staff=False),
    UsuarioDemo("presidente", "demo-presidente-2025", "Helena Bastos", "Presidente de comissão", staff=False),
    UsuarioDemo("recursal", "demo-recursal-2025", "Otávio Reis", "Comissão recursal", staff=False),
    UsuarioDemo("recursal2", "demo-recursal2-2025", "Lúcia Prado", "Comissão recursal", staff=False),
    UsuarioDemo("recursal3", "demo-recursal3-2025", "Renato Farias", "Comissão recursal", staff=False),
    UsuarioDemo("auditor", "demo-auditor-2025", "Célia Tavares", "Auditor", staff=True),
)


def criar_usuarios(grupos: dict) -> dict:
    """Um usuário por papel; a senha só é definida na criação (rodar de novo não a troca)."""
    modelo = get_user_model()
    usuarios = {}
    for dados in USUARIOS:
        primeiro, _, ultimo = dados.nome.partition(" ")
        usuario, criado = modelo.objects.get_or_create(
            username=dados.username,
            defaults={
                "first_name": primeiro,
                "last_name": ultimo,
                "email": f"{dados.username}@cariacica.test",
                "is_staff": dados.staff,
                "is_superuser": dados.superusuario,
            },
        )
        if criado:
            usuario.set_password(dados.senha)
            usuario.save(update_fields=["password"])
        if dados.grupo:
            usuario.groups.add(grupos[dados.grupo])
        usuarios[dados.username] = usuario
    return usuarios
