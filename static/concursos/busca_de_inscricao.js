// Campo de inscrição com sugestões (combobox da WAI-ARIA, lista que se abre embaixo da caixa):
// digitar número, nome ou CPF consulta /concursos/cargos/<pk>/inscricoes/busca.json; as setas
// percorrem as sugestões, Enter escolhe, Esc fecha. A escolha põe o número de inscrição na caixa e a
// inscrição por extenso na linha de baixo, que o leitor de tela anuncia. Sem JavaScript, o texto
// digitado é resolvido no envio do formulário (concursos/forms/busca.py).
(function () {
  "use strict";
  var ESPERA_MS = 250;

  function ligar(caixa) {
    var campo = caixa.querySelector("input[role='combobox']");
    var lista = caixa.querySelector("[role='listbox']");
    var escolhida = caixa.querySelector(".busca-escolhida");
    var url = caixa.getAttribute("data-busca");
    var ativa = -1;
    var espera = null;
    var pedido = 0;

    function opcoes() { return lista.querySelectorAll("[role='option']"); }

    function fechar() {
      lista.hidden = true;
      campo.setAttribute("aria-expanded", "false");
      campo.removeAttribute("aria-activedescendant");
      ativa = -1;
    }

    function marcar(indice) {
      var todas = opcoes();
      if (!todas.length) { return; }
      ativa = (indice + todas.length) % todas.length;
      Array.prototype.forEach.call(todas, function (opcao, i) {
        opcao.setAttribute("aria-selected", i === ativa ? "true" : "false");
      });
      campo.setAttribute("aria-activedescendant", todas[ativa].id);
      todas[ativa].scrollIntoView({ block: "nearest" });
    }

    function escolher(opcao) {
      campo.value = opcao.getAttribute("data-numero");
      escolhida.textContent = "Escolhida: " + opcao.textContent;
      fechar();
      campo.focus();
    }

    function mostrar(dados) {
      lista.textContent = "";
      dados.resultados.forEach(function (item, i) {
        var opcao = document.createElement("li");
        opcao.id = campo.id + "-sugestao-" + i;
        opcao.setAttribute("role", "option");
        opcao.setAttribute("aria-selected", "false");
        opcao.setAttribute("data-numero", item.numero);
        opcao.textContent = item.rotulo;
        opcao.addEventListener("mousedown", function (evento) { evento.preventDefault(); });
        opcao.addEventListener("click", function () { escolher(opcao); });
        lista.appendChild(opcao);
      });
      var aviso = document.createElement("li");
      aviso.setAttribute("role", "presentation");
      aviso.className = "busca-aviso";
      if (!dados.resultados.length) {
        aviso.textContent = "Nenhuma inscrição deste cargo com esse número, nome ou CPF.";
      } else if (dados.mais) {
        aviso.textContent = "Há mais inscrições: continue digitando para restringir.";
      }
      if (aviso.textContent) { lista.appendChild(aviso); }
      escolhida.textContent = dados.resultados.length
        ? dados.resultados.length + (dados.mais ? " ou mais" : "") + " inscrição(ões) encontrada(s); use as setas para escolher."
        : aviso.textContent;
      lista.hidden = false;
      campo.setAttribute("aria-expanded", "true");
      ativa = -1;
      campo.removeAttribute("aria-activedescendant");
    }

    function consultar() {
      var texto = campo.value.trim();
      if (!texto) { fechar(); lista.textContent = ""; return; }
      var este = ++pedido;
      fetch(url + "?q=" + encodeURIComponent(texto), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (resposta) { return resposta.ok ? resposta.json() : null; })
        .then(function (dados) { if (dados !== null && este === pedido) { mostrar(dados); } })
        .catch(function () { /* sem sugestões: o envio resolve o texto digitado */ });
    }

    campo.addEventListener("input", function () {
      window.clearTimeout(espera);
      espera = window.setTimeout(consultar, ESPERA_MS);
    });
    campo.addEventListener("keydown", function (evento) {
      var aberta = !lista.hidden && opcoes().length;
      if (evento.key === "ArrowDown" || evento.key === "ArrowUp") {
        evento.preventDefault();
        if (!aberta) { consultar(); return; }
        marcar(ativa + (evento.key === "ArrowDown" ? 1 : -1));
      } else if (evento.key === "Enter" && aberta && ativa >= 0) {
        evento.preventDefault();
        escolher(opcoes()[ativa]);
      } else if (evento.key === "Escape" && !lista.hidden) {
        evento.preventDefault();
        fechar();
      }
    });
    campo.addEventListener("blur", fechar);
  }

  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll(".busca-de-inscricao[data-busca]"), ligar);
  });
})();
