"""A conferência do leiaute das jornadas: a página cabe na largura da tela, nenhum controle fica mais
estreito que o seu texto e nenhum controle cobre outro (issue 29).

O axe-core não vê nada disso: ele confere nomes, contrastes e papéis, não caixas. Aqui o navegador
mede as caixas da página como ela está, na largura em que está:

- a página não rola na horizontal (``scrollWidth`` do documento ≤ ``clientWidth``); uma tabela larga
  rola dentro da sua própria caixa (``overflow-x: auto``), não leva a página junto;
- nenhum controle (botão, link com cara de botão, campo, lista de escolha) tem o texto maior que a
  caixa (``scrollWidth`` > ``clientWidth``): o rótulo cortado ou a coluna que encolheu a zero;
- nenhum par de controles visíveis se sobrepõe (as caixas de ``getBoundingClientRect``).

``conferir_leiaute(pagina, passo)`` devolve a lista dos problemas achados (vazia se nenhum);
``tests/e2e/acessibilidade.py`` a chama em cada largura, depois do axe, em todo passo das jornadas.
"""

# Folga de arredondamento das medidas (subpixel), em px.
FOLGA = 1

MEDIR = """
(folga) => {
  const problemas = [];
  const raiz = document.scrollingElement || document.documentElement;
  if (raiz.scrollWidth > raiz.clientWidth + folga) {
    const largos = [];
    for (const e of document.body.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (r.right > raiz.clientWidth + folga && r.width > 0) {
        const pai = e.parentElement && e.parentElement.getBoundingClientRect();
        if (!pai || pai.right <= raiz.clientWidth + folga) largos.push(descrever(e) + ` (até ${Math.round(r.right)} px)`);
      }
    }
    problemas.push(
      `a página rola na horizontal: ${raiz.scrollWidth} px numa tela de ${raiz.clientWidth} px; ` +
      `passam da borda: ${largos.slice(0, 5).join('; ')}`
    );
  }
  const seletor = [
    'button', 'a.button', '.button', '.object-tools a', '.btn', 'select',
    'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file])',
  ].join(',');
  const controles = [...document.querySelectorAll(seletor)].filter(visivel);
  for (const c of controles) {
    if (ehCampoDeTexto(c)) {
      if (c.clientWidth < 3 * 16) problemas.push(`campo estreito demais (${c.clientWidth} px): ${descrever(c)}`);
      continue;
    }
    const texto = c.tagName === 'SELECT' ? larguraDoEscolhido(c) : null;
    const cabe = texto === null ? c.scrollWidth <= c.clientWidth + folga : texto <= c.clientWidth + folga;
    if (!cabe) {
      const precisa = texto === null ? c.scrollWidth : Math.round(texto);
      problemas.push(`controle mais estreito que o texto (${c.clientWidth} px para ${precisa} px): ${descrever(c)}`);
    }
  }
  const caixas = controles.map((c) => [c, c.getBoundingClientRect()]);
  for (let i = 0; i < caixas.length; i++) {
    for (let j = i + 1; j < caixas.length; j++) {
      const [a, ra] = caixas[i];
      const [b, rb] = caixas[j];
      if (a.contains(b) || b.contains(a)) continue;
      const largura = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const altura = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (largura > folga && altura > folga) {
        problemas.push(`controles sobrepostos (${Math.round(largura)}×${Math.round(altura)} px): ${descrever(a)} e ${descrever(b)}`);
      }
    }
  }
  return problemas;

  function visivel(e) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    const estilo = getComputedStyle(e);
    if (estilo.visibility === 'hidden' || estilo.display === 'none') return false;
    // O link "pular para o conteúdo" e afins: fora da tela até receberem o foco.
    if (r.right <= 0 || r.bottom <= 0) return false;
    if (e.closest('.visualmente-oculto, .visually-hidden, .sr-only, [hidden], [aria-hidden=true]')) return false;
    return e.checkVisibility ? e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : true;
  }
  function ehCampoDeTexto(e) {
    return (e.tagName === 'INPUT' && !['submit', 'button', 'reset', 'image'].includes(e.type)) || e.tagName === 'TEXTAREA';
  }
  function larguraDoEscolhido(select) {
    // A lista fechada mostra a opção escolhida; o navegador não a mede em scrollWidth.
    const opcao = select.options[select.selectedIndex];
    if (!opcao) return 0;
    const estilo = getComputedStyle(select);
    const contexto = (larguraDoEscolhido.tela ||= document.createElement('canvas')).getContext('2d');
    contexto.font = `${estilo.fontStyle} ${estilo.fontWeight} ${estilo.fontSize} ${estilo.fontFamily}`;
    const seta = 20;
    return contexto.measureText(opcao.text.trim()).width + parseFloat(estilo.paddingLeft) + seta;
  }
  function descrever(e) {
    const id = e.id ? '#' + e.id : '';
    const classes = typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
    const texto = (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
    return `<${e.tagName.toLowerCase()}${id}${classes}> “${texto}”`;
  }
}
"""


def conferir_leiaute(pagina) -> list[str]:
    """Os problemas de leiaute da página como está, na largura em que está."""
    return pagina.evaluate(MEDIR, FOLGA)
