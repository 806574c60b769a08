"""O quadro dos avisos pessoais na página do cargo (issue 28): por pessoa e por ato, avisada, ciente,
na fila ou falhou, com o endereço mascarado; o RH reenvia ou registra o aviso por outro meio. A
comissão não entra no admin; o auditor vê o quadro sem os botões."""

from ..consultas.avisos_pessoais import avisos_do_cargo
from ..services.avisos_pessoais import PERMISSAO


def contexto_dos_avisos(request, cargo) -> dict:
    if not request.user.has_perm("concursos.view_avisopessoal"):
        return {"ve_avisos": False}
    return {
        "ve_avisos": True,
        "avisos_pessoais": avisos_do_cargo(cargo),
        "pode_avisar": request.user.has_perm(PERMISSAO),
    }
