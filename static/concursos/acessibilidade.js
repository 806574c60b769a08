// Acessibilidade das caixas de busca do admin (select2, nos filtros com busca e nos campos de
// autocompletar): o select2 desenha um <span role="textbox"> sem nome acessível (WCAG 4.1.2). Cada
// um recebe o nome do <select> original (o aria-label dele ou o texto do seu <label>), também nos
// que aparecem depois (linhas novas dos inlines).
(function () {
  "use strict";

  function nomeDoSelect(select) {
    if (!select) { return ""; }
    if (select.getAttribute("aria-label")) { return select.getAttribute("aria-label"); }
    var rotulo = select.labels && select.labels.length ? select.labels[0].textContent : "";
    return rotulo.replace(/:\s*$/, "").trim();
  }

  function nomear() {
    var caixas = document.querySelectorAll(".select2-selection__rendered[role='textbox']:not([aria-label])");
    Array.prototype.forEach.call(caixas, function (caixa) {
      var container = caixa.closest(".select2-container");
      var nome = nomeDoSelect(container && container.previousElementSibling);
      if (nome) { caixa.setAttribute("aria-label", nome); }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    nomear();
    new MutationObserver(nomear).observe(document.body, { childList: true, subtree: true });
  });
})();
