// Parecer: quando o membro escolhe "não confirma", a fundamentação passa a ser obrigatória
// (só uma ajuda; quem recusa de verdade é o servidor, services.registrar_parecer).
(function () {
  "use strict";
  var form = document.getElementById("form-parecer");
  if (!form) { return; }
  var campo = form.querySelector("textarea[data-obrigatoria-se]");
  if (!campo) { return; }
  var valor = campo.getAttribute("data-obrigatoria-se");
  var caixa = campo.closest(".mb-3") || campo.parentNode;

  function atualizar() {
    var escolhido = form.querySelector("input[name='voto']:checked");
    var obrigatoria = escolhido !== null && escolhido.value === valor;
    campo.required = obrigatoria;
    caixa.classList.toggle("fundamentacao-obrigatoria", obrigatoria);
  }

  form.addEventListener("change", atualizar);
  atualizar();
})();
