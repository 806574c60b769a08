// Processamentos em segundo plano: atualiza a barra de progresso e a situação ("Na fila" →
// "Em andamento") a cada 2 s enquanto o trabalho anda (consulta /concursos/processamentos/<nº>/progresso.json). Na ficha, quando termina, recarrega
// a página para mostrar o que saiu. Sem JavaScript, a página mostra o progresso da hora em que abriu.
(function () {
  "use strict";
  var INTERVALO_MS = 2000;

  function acompanhar(caixa) {
    var barra = caixa.querySelector("progress");
    var texto = caixa.querySelector(".processamento-texto");
    function consultar() {
      fetch(caixa.getAttribute("data-progresso"), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (resposta) { return resposta.ok ? resposta.json() : null; })
        .then(function (dados) {
          if (dados === null) { return; }
          barra.max = dados.total || 1;
          barra.value = dados.total ? dados.feitos : 0;
          texto.textContent = dados.texto;
          // A situação mostrada noutra coluna da mesma linha ou noutro campo da ficha, do mesmo pedido.
          document.querySelectorAll(".processamento-situacao").forEach(function (situacao) {
            if (situacao.getAttribute("data-progresso") === caixa.getAttribute("data-progresso")) {
              situacao.textContent = dados.situacao;
            }
          });
          if (dados.terminado) {
            if (document.body.classList.contains("change-form")) { window.location.reload(); }
            return;
          }
          window.setTimeout(consultar, INTERVALO_MS);
        })
        .catch(function () { window.setTimeout(consultar, INTERVALO_MS * 5); });
    }
    window.setTimeout(consultar, INTERVALO_MS);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var caixas = document.querySelectorAll(".processamento[data-progresso][data-terminado='nao']");
    Array.prototype.forEach.call(caixas, acompanhar);
  });
})();
