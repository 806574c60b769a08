"""As telas da heteroidentificação fora do admin, um módulo por tópico: ``sessoes`` (as dos membros
e do presidente da comissão) e ``prestacao_de_contas`` (o relatório do edital, do RH e do auditor);
``heteroidentificacao/urls.py`` importa cada módulo."""
