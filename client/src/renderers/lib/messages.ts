// The renderers' own sentences in en and zh (keys under "renderers."); the shell merges them into its i18next resources.

/** English texts, nested as i18next expects ("renderers.error.required"). */
export const rendererMessagesEn = {
  renderers: {
    noData: 'No data.',
    firstPage: 'Newest',
    nextPage: 'Older',
    loading: 'Loading...',
    unauthorized: 'Unauthorized Access',
    unknownWidget: 'This page holds a widget of type "{{type}}" that this version cannot show.',
    back: 'Back',
    print: 'Print',
    exportCsv: 'Export CSV',
    exportAra: 'Download .ara',
    total: 'Total',
    actions: 'Actions',
    submit: 'Submit',
    apply: 'Apply',
    close: 'Close',
    start: 'Start',
    pause: 'Pause',
    resume: 'Resume',
    stop: 'Stop',
    restart: 'Restart',
    saved: 'Saved.',
    confirm: 'Are you sure?',
    job: { running: 'Working… {{progress}}%', done: 'Finished.', failed: 'The job failed: {{message}}' },
    user: { placeholder: 'UserId / Name', placeholderMobile: 'Id / Name' },
    drawDate: { placeholder: 'Draw date' },
    select: { placeholder: 'Choose…' },
    countdown: { status: { running: 'Running', paused: 'Paused', stopped: 'Stopped', done: 'Done' } },
    error: {
      generic: 'Sorry, something went wrong. Please refresh this page and try again.',
      required: 'Please fill in this field.',
      minLength: 'Please enter at least {{count}} characters.',
      maxLength: 'Please enter no more than {{count}} characters.',
      min: 'Please enter a value of at least {{min}}.',
      max: 'Please enter a value of at most {{max}}.',
      step: 'Please enter a value in steps of {{step}}.',
      number: 'Please enter a number.',
      date: 'Please enter a date as day, day/month or day/month/year.',
      dateOrder: 'The from date must not be later than the to date.',
      equalTo: 'Please enter the same value as {{other}}.',
      invalid: 'Please check this value.',
      numbers: 'Please enter whole numbers separated by spaces.',
      noLines: 'Please fill in at least one line.'
    }
  }
}

/** Chinese texts with the same keys. */
export const rendererMessagesZh: typeof rendererMessagesEn = {
  renderers: {
    noData: '没有数据。',
    firstPage: '最新',
    nextPage: '更早',
    loading: '加载中...',
    unauthorized: '未经授权的访问',
    unknownWidget: '此页面包含类型为“{{type}}”的组件，当前版本无法显示。',
    back: '返回',
    print: '打印',
    exportCsv: '导出 CSV',
    exportAra: '下载 .ara',
    total: '合计',
    actions: '操作',
    submit: '提交',
    apply: '应用',
    close: '关闭',
    start: '开始',
    pause: '暂停',
    resume: '继续',
    stop: '停止',
    restart: '重新开始',
    saved: '已保存。',
    confirm: '确定吗？',
    job: { running: '处理中… {{progress}}%', done: '已完成。', failed: '任务失败：{{message}}' },
    user: { placeholder: '用户ID / 名称', placeholderMobile: 'ID / 名称' },
    drawDate: { placeholder: '开奖日期' },
    select: { placeholder: '请选择…' },
    countdown: { status: { running: '进行中', paused: '已暂停', stopped: '已停止', done: '已结束' } },
    error: {
      generic: '抱歉，出了点问题。请刷新此页面后重试。',
      required: '请填写此字段。',
      minLength: '请至少输入 {{count}} 个字符。',
      maxLength: '请最多输入 {{count}} 个字符。',
      min: '请输入不小于 {{min}} 的值。',
      max: '请输入不大于 {{max}} 的值。',
      step: '请输入以 {{step}} 为步长的值。',
      number: '请输入数字。',
      date: '请按 日、日/月 或 日/月/年 输入日期。',
      dateOrder: '开始日期不能晚于结束日期。',
      equalTo: '请输入与 {{other}} 相同的值。',
      invalid: '请检查此值。',
      numbers: '请输入以空格分隔的整数。',
      noLines: '请至少填写一行。'
    }
  }
}
