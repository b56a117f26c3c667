export const cashboxTexts = {
  en: {
    cashbox: {
      method: 'Method', amount: 'Amount', limits: 'From {{min}} to {{max}} {{currency}}', deposit: 'Deposit', cashout: 'Cash out',
      destination: 'Where to send the money', available: 'Available to withdraw: {{amount}}', pending: 'Waiting for approval: {{amount}}',
      test_method: 'TEST — no real money', no_methods: 'No payment methods are available for you here yet.', requested: 'Withdrawal requested: it is being processed.',
      history_empty: 'No payments yet', type: 'Type', status: 'Status', all: 'All', deposit_type: 'Deposit', withdrawal_type: 'Withdrawal',
      status_0: 'Processing', status_1: 'Processed', status_2: 'Processed with fee', status_3: 'Rejected', status_4: 'Manual review',
      fee: 'fee {{fee}}', more: 'Show more', amount_invalid: 'Enter an amount between {{min}} and {{max}}', destination_required: 'Enter where to send the money',
    },
  },
  ru: {
    cashbox: {
      method: 'Способ', amount: 'Сумма', limits: 'От {{min}} до {{max}} {{currency}}', deposit: 'Пополнить', cashout: 'Вывести',
      destination: 'Куда отправить деньги', available: 'Доступно к выводу: {{amount}}', pending: 'Ожидает одобрения: {{amount}}',
      test_method: 'ТЕСТ — без реальных денег', no_methods: 'Для вас здесь пока нет способов оплаты.', requested: 'Заявка на вывод принята и обрабатывается.',
      history_empty: 'Платежей пока нет', type: 'Тип', status: 'Статус', all: 'Все', deposit_type: 'Пополнение', withdrawal_type: 'Вывод',
      status_0: 'В обработке', status_1: 'Выполнен', status_2: 'Выполнен с комиссией', status_3: 'Отклонён', status_4: 'Ручная проверка',
      fee: 'комиссия {{fee}}', more: 'Показать ещё', amount_invalid: 'Введите сумму от {{min}} до {{max}}', destination_required: 'Укажите, куда отправить деньги',
    },
  },
};
