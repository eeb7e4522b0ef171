#include "rundialog.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

namespace collscope::app {

RunDialog::RunDialog(const std::optional<AlgorithmCatalog>& catalog, QWidget* parent)
    : QDialog(parent), m_catalog(catalog), m_process(new RunProcess(this)) {
  setWindowTitle(tr("Run a collective under MPI"));
  m_environment = RunProcess::environment(&m_problem);
  auto* form = new QFormLayout;
  m_collective = new QComboBox(this);
  m_collective->addItems(m_catalog && !m_catalog->collectives().isEmpty()
                             ? m_catalog->collectives()
                             : QStringList{QStringLiteral("gather"), QStringLiteral("scatter"),
                                           QStringLiteral("bcast"), QStringLiteral("reduce"),
                                           QStringLiteral("allgather")});
  m_collective->setObjectName(QStringLiteral("runCollective"));
  m_algorithm = new QComboBox(this);
  m_algorithm->setObjectName(QStringLiteral("runAlgorithm"));
  m_algorithm->setEditable(true);
  m_description = new QLabel(this);
  m_description->setWordWrap(true);
  m_processes = new QSpinBox(this);
  m_processes->setRange(1, 256);
  m_processes->setValue(8);
  m_root = new QSpinBox(this);
  m_root->setRange(0, 255);
  m_count = new QSpinBox(this);
  m_count->setObjectName(QStringLiteral("runCount"));
  // collscope-run takes any int count and itself refuses buffers over 2 GiB, naming the limit.
  m_count->setRange(1, std::numeric_limits<int>::max());
  m_count->setToolTip(tr("Elements per block, up to %1; collscope-run refuses a run whose "
                         "buffers would exceed 2 GiB and says so below")
                          .arg(std::numeric_limits<int>::max()));
  m_count->setValue(1000);
  m_datatype = new QComboBox(this);
  m_datatype->addItems({QStringLiteral("int"), QStringLiteral("double"), QStringLiteral("vector")});
  m_op = new QComboBox(this);
  m_op->setObjectName(QStringLiteral("runOp"));
  m_op->addItems(reductionOps());
  m_op->setToolTip(tr("reduce, allreduce, reduce-scatter, scan, exscan: the operation "
                      "(noncommutative composes affine maps: order matters)"));
  m_blocks = new QSpinBox(this);
  m_blocks->setRange(0, 10000);
  m_blocks->setSpecialValueText(tr("automatic"));
  form->addRow(tr("Collective"), m_collective);
  form->addRow(tr("Algorithm"), m_algorithm);
  form->addRow(QString(), m_description);
  form->addRow(tr("Processes p"), m_processes);
  form->addRow(tr("Root"), m_root);
  form->addRow(tr("Count (elements)"), m_count);
  form->addRow(tr("Datatype"), m_datatype);
  form->addRow(tr("Operation"), m_op);
  form->addRow(tr("Pipeline blocks"), m_blocks);
  m_problemType = new QComboBox(this);
  m_problemType->addItems(problemTypes());
  m_problemType->setToolTip(
      tr("gatherv, scatterv, allgatherv: the block sizes (the paper's problem "
         "types; Count is the average block)"));
  form->addRow(tr("Problem (irregular)"), m_problemType);
  m_piece = new QSpinBox(this);
  m_piece->setRange(0, std::numeric_limits<int>::max());
  m_piece->setSpecialValueText(tr("automatic"));
  m_piece->setToolTip(tr("allgatherv ring-pipelined: elements per piece (automatic: the "
                         "pipelining lemma's)"));
  form->addRow(tr("Piece (elements)"), m_piece);
  m_command = new QLabel(this);
  m_command->setObjectName(QStringLiteral("runCommand"));
  m_command->setWordWrap(true);
  m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_output = new QPlainTextEdit(this);
  m_output->setReadOnly(true);
  m_output->setMinimumHeight(160);
  m_status = new QLabel(m_problem, this);
  m_status->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  m_run = buttons->addButton(tr("Run"), QDialogButtonBox::ActionRole);
  m_stop = buttons->addButton(tr("Stop"), QDialogButtonBox::ActionRole);
  m_stop->setEnabled(false);
  m_run->setEnabled(m_problem.isEmpty());
  m_run->setDefault(true);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(m_command);
  layout->addWidget(m_output, 1);
  layout->addWidget(m_status);
  layout->addWidget(buttons);

  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_run, &QPushButton::clicked, this, &RunDialog::run);
  connect(m_stop, &QPushButton::clicked, m_process, &RunProcess::stop);
  connect(m_collective, &QComboBox::currentTextChanged, this, &RunDialog::fillAlgorithms);
  for (QSpinBox* spin : {m_processes, m_root, m_count, m_blocks, m_piece})
    connect(spin, &QSpinBox::valueChanged, this, &RunDialog::updateCommand);
  connect(m_algorithm, &QComboBox::currentTextChanged, this, &RunDialog::updateCommand);
  connect(m_datatype, &QComboBox::currentTextChanged, this, &RunDialog::updateCommand);
  connect(m_op, &QComboBox::currentTextChanged, this, &RunDialog::updateCommand);
  connect(m_problemType, &QComboBox::currentTextChanged, this, &RunDialog::updateCommand);
  connect(m_process, &RunProcess::output, this, [this](const QString& text, bool error) {
    m_output->appendHtml(error ? QStringLiteral("<span style='color:#b03000'>%1</span>")
                                     .arg(text.toHtmlEscaped().trimmed().replace('\n', "<br>"))
                               : text.toHtmlEscaped().trimmed().replace('\n', "<br>"));
  });
  connect(m_process, &RunProcess::finished, this, &RunDialog::finished);
  m_collective->setCurrentText(QStringLiteral("gather"));
  fillAlgorithms();
}

void RunDialog::fillAlgorithms() {
  const QString collective = m_collective->currentText();
  m_algorithm->clear();
  if (m_catalog) m_algorithm->addItems(m_catalog->algorithms(collective));
  if (m_algorithm->count() == 0) m_algorithm->addItem(QStringLiteral("native"));
  const int binomial = m_algorithm->findText(QStringLiteral("binomial"));
  if (binomial >= 0) m_algorithm->setCurrentIndex(binomial);
  m_root->setEnabled(collectiveHasRoot(collective));
  updateCommand();
}

RunRequest RunDialog::request() const {
  RunRequest r;
  r.collective = m_collective->currentText();
  r.algorithm = m_algorithm->currentText().trimmed();
  r.processes = m_processes->value();
  r.root = m_root->value();
  r.count = m_count->value();
  r.datatype = m_datatype->currentText();
  r.blocks = m_blocks->value();
  const AlgorithmEntry* entry = m_catalog ? m_catalog->find(r.collective, r.algorithm) : nullptr;
  r.usesBlocks = entry && entry->usesBlocks;
  if (collectiveReduces(r.collective)) r.op = m_op->currentText();
  r.problem = m_problemType->currentText();
  r.piece = m_piece->value();
  r.traceDir = m_traceDir;
  return r;
}

void RunDialog::setRequest(const RunRequest& r) {
  if (m_collective->findText(r.collective) < 0) m_collective->addItem(r.collective);
  m_collective->setCurrentText(r.collective); // fills the algorithms
  const int algorithm = m_algorithm->findText(r.algorithm);
  if (algorithm >= 0)
    m_algorithm->setCurrentIndex(algorithm);
  else
    m_algorithm->setEditText(r.algorithm);
  m_processes->setValue(r.processes);
  m_root->setValue(r.root);
  m_count->setValue(static_cast<int>(std::min<qint64>(r.count, m_count->maximum())));
  m_datatype->setCurrentText(r.datatype);
  updateCommand();
}

void RunDialog::updateCommand() {
  RunRequest r = request();
  // The folder the preview shows is the folder the run uses.
  m_traceDir = newTraceDirectory(runsDirectory(), r, QDateTime::currentDateTime());
  r.traceDir = m_traceDir;
  m_blocks->setEnabled(r.usesBlocks || (r.collective == QStringLiteral("bcast") &&
                                        r.algorithm == QStringLiteral("pipeline")));
  m_op->setEnabled(collectiveReduces(r.collective));
  m_problemType->setEnabled(collectiveIsIrregular(r.collective));
  m_piece->setEnabled(r.collective == QStringLiteral("allgatherv") &&
                      r.algorithm == QStringLiteral("ring-pipelined"));
  const AlgorithmEntry* entry = m_catalog ? m_catalog->find(r.collective, r.algorithm) : nullptr;
  m_description->setText(entry ? tr("%1 — rounds %2, cost %3")
                                     .arg(entry->description, entry->rounds,
                                          entry->cost.isEmpty() ? tr("n/a") : entry->cost)
                               : QString());
  const RunCommand c = buildRunCommand(r, m_environment);
  m_command->setText(
      QStringLiteral("<tt>%1</tt>")
          .arg(
              (c.program + QLatin1Char(' ') + c.arguments.join(QLatin1Char(' '))).toHtmlEscaped()));
}

void RunDialog::run() {
  const RunRequest r = request();
  const QString problem = validateRunRequest(r);
  if (!problem.isEmpty()) {
    m_status->setText(tr("<b>Cannot run:</b> %1").arg(problem.toHtmlEscaped()));
    return;
  }
  QDir().mkpath(QFileInfo(r.traceDir).absolutePath());
  m_output->clear();
  m_status->setText(tr("Running %1 processes…").arg(r.processes));
  m_run->setEnabled(false);
  m_stop->setEnabled(true);
  m_process->start(buildRunCommand(r, m_environment), r.traceDir);
}

void RunDialog::finished(bool ok, const QString& message, const QString& traceDir) {
  m_run->setEnabled(m_problem.isEmpty());
  m_stop->setEnabled(false);
  updateCommand(); // a fresh folder for the next run
  if (!ok) {
    m_status->setText(tr("<b>Failed:</b> %1").arg(message.toHtmlEscaped()));
    return;
  }
  m_status->setText(tr("Done: opened %1").arg(QDir::toNativeSeparators(traceDir).toHtmlEscaped()));
  emit traceReady(traceDir);
}

} // namespace collscope::app
