#include "ui/texts/CoreTexts.h"
#include "ui/texts/ErrorText.h"
#include "ui/release/ReleaseDialog.h"

#include "core/datasource/BinnedSource.h"
#include "core/release/ReleaseNotes.h"
#include "core/data/Errors.h"
#include "core/session/CombinedReleaseRisk.h"
#include "core/sources/SqlReleaseTable.h"
#include "core/statfiles/StatFileReleaseTarget.h"
#include "core/statfiles/StatFileSource.h"
#include "ui/texts/EpsilonText.h"
#include "ui/charts/ChartStyle.h"
#include "ui/export/LastFolder.h"
#include "ui/release/InferenceText.h"
#include "ui/release/ReidentificationText.h"
#include "ui/mainwindow/ScreenFit.h"

#include <QComboBox>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QProgressBar>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <filesystem>

namespace rr::ui {
namespace {

const ReleaseAction kActions[] = {ReleaseAction::Randomize, ReleaseAction::KeepClear, ReleaseAction::Drop};


} // namespace

ReleaseDialog::ReleaseDialog(std::shared_ptr<const DataSource> source, std::shared_ptr<const PreparedAnalysis> analysis,
                             const ReleaseChoice& choice, QStringList inputPaths, QWidget* parent,
                             std::shared_ptr<const SeveralSensitiveAnalysis> several)
    : QDialog(parent), m_source(std::move(source)), m_analysis(std::move(analysis)), m_several(std::move(several)),
      m_choice(choice), m_inputPaths(std::move(inputPaths))
{
    setObjectName("releaseDialog");
    setWindowTitle(tr("Release Randomized Table"));
    for (const AttributeSummary& a : m_source->summary().attributes)
        m_sourceColumns.push_back(a.name);

    QLabel* intro = buildIntro();
    QSplitter* split = buildReviewArea();
    QPushButton* browse = nullptr;
    QHBoxLayout* targetRow = buildTargetRow(browse);
    QHBoxLayout* orderRow = buildOrderRow();
    QHBoxLayout* logRow = buildLogRow();
    QHBoxLayout* tableRow = buildTableRow(browse);
    QDialogButtonBox* buttons = buildButtons();
    connectTaskProgress();

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(split, 1);
    layout->addLayout(targetRow);
    layout->addLayout(orderRow);
    layout->addLayout(logRow);
    if (tableRow)
        layout->addLayout(tableRow);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);
    resizeWithinScreen(this, QSize(1100, 720));

    connectTaskFailure();
    const QString chosenLog = QSettings().value(kReleaseLogSetting).toString();
    m_logPath = chosenLog.isEmpty() ? defaultReleaseLogPath() : chosenLog.toStdString();
    m_logPlace->setText(QString::fromStdString(m_logPath));
    readReleaseLog();
    buildColumns();
    refresh();
}

// The paragraph at the top: what leaves and what is written with it.
QLabel* ReleaseDialog::buildIntro()
{
    auto* intro = new QLabel(
        tr("<b>Review what leaves before writing.</b> Each column is randomized (Warner: kept with probability p, "
           "otherwise replaced by another category at random), kept in clear, or dropped. Columns without a role "
           "are dropped by default. The table is drawn from the operating system's secure random generator and "
           "written together with a public note to publish with it (the matrices below, epsilon, how to estimate, "
           "JSON and HTML) and an audit note to keep inside (source, counts, risk, who and when). The p are the "
           "Parameters panel's: change them there and open this page again."));
    intro->setWordWrap(true);
    return intro;
}

// The column table and the summary side by side, the matrices below them.
QSplitter* ReleaseDialog::buildReviewArea()
{
    m_columns = new QTableWidget(0, 6);
    m_columns->setObjectName("releaseColumns");
    m_columns->setAccessibleName(tr("Columns and how they are released"));
    m_columns->setHorizontalHeaderLabels(
        {tr("Column"), tr("Role"), tr("Release"), tr("Categories d"), tr("p"), tr("\u03B5 (local DP)")});
    m_columns->verticalHeader()->hide();
    m_columns->setSelectionMode(QAbstractItemView::NoSelection);
    m_columns->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_columns->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_columns->horizontalHeader()->setStretchLastSection(true);

    m_summaryLabel = new QLabel;
    m_summaryLabel->setObjectName("releaseSummary");
    m_summaryLabel->setWordWrap(true);
    m_summaryLabel->setTextFormat(Qt::RichText);
    m_summaryLabel->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    m_matrices = new QTextBrowser;
    m_matrices->setObjectName("releaseMatrices");

    auto* top = new QWidget;
    auto* topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_columns, 3);
    // The summary can be long: it scrolls rather than make the dialog taller than a 1024 x 700 screen.
    auto* summaryScroll = new QScrollArea;
    summaryScroll->setWidget(m_summaryLabel);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    topLayout->addWidget(summaryScroll, 2);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(top);
    split->addWidget(m_matrices);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    return split;
}

// "Write to:" with the path and Browse... (returned in `browse`: the table row disables it).
QHBoxLayout* ReleaseDialog::buildTargetRow(QPushButton*& browse)
{
    m_target = new QLineEdit;
    m_target->setObjectName("releaseTarget");
    m_target->setAccessibleName(tr("Write to"));
    m_target->setPlaceholderText(tr("released table (.csv); the notes are written beside it"));
    browse = new QPushButton(tr("Browse\u2026"));
    connect(browse, &QPushButton::clicked, this, &ReleaseDialog::browse);
    auto* targetRow = new QHBoxLayout;
    targetRow->addWidget(new QLabel(tr("Write to:")));
    targetRow->addWidget(m_target, 1);
    targetRow->addWidget(browse);
    return targetRow;
}

// Keep the record order, and the other formats written from the same draw.
QHBoxLayout* ReleaseDialog::buildOrderRow()
{
    m_keepOrder = new QCheckBox(tr("Keep the source's record order"));
    m_keepOrder->setObjectName("releaseKeepOrder");
    m_keepOrder->setToolTip(tr("Off: the records leave in a uniformly random order. On: anyone who knows how the "
                               "source is sorted can align released records with persons, which the risk shown "
                               "does not account for."));
    connect(m_keepOrder, &QCheckBox::toggled, this, [this](bool on) {
        refresh();
        m_status->setText(on ? QString("<span style='color:#b03a00'>%1</span>")
                                   .arg(tr("Risk: the release keeps the source's record order; anyone who knows how "
                                           "the source is sorted can align its records."))
                             : QString());
    });
    auto* orderRow = new QHBoxLayout; // its own row: beside the path it pushed the dialog past 1024 px
    orderRow->addWidget(m_keepOrder);
    orderRow->addStretch(1);
    // One draw in several formats: the same records in each file (two draws published together protect less).
    orderRow->addWidget(new QLabel(tr("Also as:")));
    for (const auto& [ext, title] : {std::pair{QStringLiteral(".csv"), tr("CSV .csv")},
                                     {QStringLiteral(".sav"), tr("SPSS .sav")}, {QStringLiteral(".dta"), tr("Stata .dta")},
                                     {QStringLiteral(".xpt"), tr("SAS transport .xpt")}}) {
        auto* box = new QCheckBox(title);
        box->setObjectName("releaseAlsoAs" + ext.mid(1));
        box->setToolTip(tr("Writes the same released records, in the same order, as a %1 file beside the table: one "
                           "draw in several formats. Two separate releases of the same data would be two draws, "
                           "which together protect less than one.")
                            .arg(title));
        orderRow->addWidget(box);
        m_alsoAs.emplace_back(ext, box);
    }
    return orderRow;
}

// Where earlier releases are remembered: a preference (Move...), never a release's folder.
QHBoxLayout* ReleaseDialog::buildLogRow()
{
    m_logPlace = new QLineEdit;
    m_logPlace->setObjectName("releaseLogPlace");
    m_logPlace->setReadOnly(true);
    m_logPlace->setAccessibleName(tr("Release log"));
    m_logPlace->setToolTip(tr("Each release is added to this log (when, which values, p, where), so that a later "
                              "release of the same values can say it was released before. It holds no data."));
    auto* moveLog = new QPushButton(tr("Move\u2026"));
    moveLog->setObjectName("releaseLogMove");
    moveLog->setToolTip(tr("Keeps the release log in another file from now on (what it holds is copied there); "
                           "never in a release's folder, where it could be published with it."));
    connect(moveLog, &QPushButton::clicked, this, [this] {
        const QString to = QFileDialog::getSaveFileName(this, tr("Keep the release log in"), m_logPlace->text(),
                                                        tr("Release log (*.jsonl)"), nullptr,
                                                        QFileDialog::DontConfirmOverwrite);
        if (!to.isEmpty())
            moveReleaseLog(to);
    });
    auto* logRow = new QHBoxLayout;
    logRow->addWidget(new QLabel(tr("Release log:")));
    logRow->addWidget(m_logPlace, 1);
    logRow->addWidget(moveLog);
    return logRow;
}

// A database source may be released into a new table of the same database instead of a file (null otherwise).
QHBoxLayout* ReleaseDialog::buildTableRow(QPushButton* browse)
{
    if (!dynamic_cast<const sql::SqlDataSource*>(&unbinned(*m_source)))
        return nullptr;
    m_toTable = new QCheckBox(tr("Release to database table:"));
    m_toTable->setObjectName("releaseToTable");
    m_toTable->setToolTip(tr("Writes the release into the source's database as a new table, created and "
                             "filled in one transaction: if anything fails or you cancel, no table is left. "
                             "The note is the table's comment where the database has comments."));
    m_table = new QLineEdit;
    m_table->setObjectName("releaseTableName");
    m_table->setAccessibleName(tr("New table"));
    m_table->setPlaceholderText(tr("new table (schema.name)"));
    m_replaceTable = new QCheckBox(tr("Replace an existing table"));
    m_replaceTable->setObjectName("releaseReplaceTable");
    m_table->setEnabled(false);
    m_replaceTable->setEnabled(false);
    connect(m_toTable, &QCheckBox::toggled, this, [this, browse](bool on) {
        m_table->setEnabled(on);
        m_replaceTable->setEnabled(on);
        m_target->setEnabled(!on);
        browse->setEnabled(!on);
    });
    auto* tableRow = new QHBoxLayout;
    tableRow->addWidget(m_toTable);
    tableRow->addWidget(m_table, 1);
    tableRow->addWidget(m_replaceTable);
    return tableRow;
}

// The status line, the progress bar and Write / Cancel / Close.
QDialogButtonBox* ReleaseDialog::buildButtons()
{
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_progress = new QProgressBar;
    m_progress->setObjectName("releaseProgress");
    m_progress->setRange(0, 100);
    m_progress->setVisible(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_write = buttons->addButton(tr("Write Release"), QDialogButtonBox::ActionRole);
    m_write->setObjectName("releaseWrite");
    m_cancel = buttons->addButton(tr("Cancel Write"), QDialogButtonBox::ActionRole);
    m_cancel->setObjectName("releaseCancel");
    m_cancel->setEnabled(false);
    connect(m_write, &QPushButton::clicked, this, &ReleaseDialog::onWriteClicked);
    connect(m_cancel, &QPushButton::clicked, this, &ReleaseDialog::cancelWrite);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    return buttons;
}

// The write's progress, and a cancelled write said as such.
void ReleaseDialog::connectTaskProgress()
{
    connect(&m_task, &BackgroundTask::progress, this, [this](int done, int total) {
        m_progress->setValue(total > 0 ? done * 100 / total : 0);
    });
    connect(&m_task, &BackgroundTask::finished, this, [this](const QString&, bool canceled) {
        m_progress->setVisible(false);
        m_cancel->setEnabled(false);
        if (canceled) {
            m_succeeded = false;
            m_lastMessage = tr("Cancelled: nothing was written.");
            m_status->setText(m_lastMessage);
            m_write->setEnabled(m_summary.has_value());
        }
    });
}

// A failed write: nothing written, said in the status line.
void ReleaseDialog::connectTaskFailure()
{
    connect(&m_task, &BackgroundTask::failed, this, [this](const QString&, const QString& message) {
        m_succeeded = false;
        m_lastMessage = tr("Nothing was written: %1").arg(message);
        m_status->setText(QString("<span style='color:#b03a00'>%1</span>").arg(m_lastMessage.toHtmlEscaped()));
        m_write->setEnabled(m_summary.has_value());
        m_progress->setVisible(false);
        m_cancel->setEnabled(false);
    });
}

QCheckBox* ReleaseDialog::alsoAsBox(const QString& extension) const
{
    for (const auto& [ext, box] : m_alsoAs)
        if (ext == extension)
            return box;
    return nullptr;
}

void ReleaseDialog::setReleaseLogPath(const QString& path)
{
    m_logPath = path.toStdString();
    m_logPlace->setText(path);
    readReleaseLog();
    refresh();
}

bool ReleaseDialog::moveReleaseLog(const QString& path)
{
    namespace fs = std::filesystem;
    const fs::path to(path.toStdString());
    std::error_code ec;
    if (!fs::exists(to, ec) && !m_logPath.empty() && fs::is_regular_file(m_logPath, ec)) { // keep what it holds
        fs::create_directories(to.parent_path(), ec);
        if (!ec)
            fs::copy_file(m_logPath, to, ec);
        if (ec) {
            m_status->setText(QString("<span style='color:#b03a00'>%1</span>")
                                  .arg(tr("The release log stays where it is: %1 cannot take it (%2).")
                                           .arg(path, QString::fromStdString(ec.message()))
                                           .toHtmlEscaped()));
            return false;
        }
        fs::permissions(to, fs::perms::owner_read | fs::perms::owner_write, ec); // as appendReleaseLog makes it
    }
    QSettings().setValue(kReleaseLogSetting, path);
    setReleaseLogPath(path);
    return true;
}

void ReleaseDialog::readReleaseLog()
{
    m_log.clear();
    m_logProblem.clear();
    try {
        m_log = rr::readReleaseLog(m_logPath); // small: one line per release
    } catch (const std::exception& e) {
        m_logProblem = errorText(e);
    }
}

// Earlier releases of the randomized columns' values (the release log): a warning, and the audit note's record.
void ReleaseDialog::markEarlierReleases(ReleaseSummary& summary) const
{
    const ReleaseLogEntry current = releaseLogEntry(summary, m_source->summary());
    const std::vector<ReleaseLogEntry> previous = previousReleases(m_log, current);
    if (previous.empty())
        return;
    nlohmann::json earlier = previousReleasesJson(previous, current);
    // On the GUI thread at every review: capped well below the CLI's figure (a tenth of a second at the cap).
    const nlohmann::json combined = combinedRiskJson(*m_analysis, summary, previous, current, std::size_t(1) << 22);
    if (!combined.empty())
        earlier["combined_risk"] = combined;
    summary.previousReleases = earlier.dump();
    std::string warning = previousReleasesWarning(previous, current);
    if (const std::string together = combinedRiskSentence(combined); !together.empty())
        warning += ". " + together;
    summary.warnings.push_back(warning);
}

ReleaseDialog::~ReleaseDialog()
{
    m_task.shutdown();
}

void ReleaseDialog::buildColumns()
{
    m_columns->setRowCount(static_cast<int>(m_sourceColumns.size()));
    for (int r = 0; r < m_columns->rowCount(); ++r) {
        const std::string& name = m_sourceColumns[static_cast<std::size_t>(r)];
        m_columns->setItem(r, 0, new QTableWidgetItem(QString::fromStdString(name)));
        auto* combo = new QComboBox;
        const bool analysed = m_analysis->axisOf(name) >= 0;
        for (ReleaseAction a : kActions) {
            combo->addItem(coreText(toString(a)), static_cast<int>(a));
            if (a == ReleaseAction::Randomize && !analysed) // only modelled columns may be randomized
                combo->setItemData(combo->count() - 1, 0, Qt::UserRole - 1);
        }
        const auto found = m_choice.actions.find(name);
        const ReleaseAction current = found == m_choice.actions.end() ? ReleaseAction::Drop : found->second;
        combo->setCurrentIndex(combo->findData(static_cast<int>(current)));
        connect(combo, &QComboBox::currentIndexChanged, this, [this, name, combo]() {
            m_choice.actions[name] = static_cast<ReleaseAction>(combo->currentData().toInt());
            if (m_choice.actions[name] == ReleaseAction::Randomize && !m_choice.p.count(name))
                m_choice.p[name] = 1.0;
            refresh();
        });
        m_columns->setCellWidget(r, 2, combo);
    }
}

void ReleaseDialog::setAction(const QString& column, ReleaseAction action)
{
    for (int r = 0; r < m_columns->rowCount(); ++r)
        if (m_columns->item(r, 0)->text() == column)
            if (auto* combo = qobject_cast<QComboBox*>(m_columns->cellWidget(r, 2)))
                combo->setCurrentIndex(combo->findData(static_cast<int>(action)));
}

void ReleaseDialog::refresh()
{
    try {
        m_summary = summarizeRelease(*m_analysis, m_sourceColumns, m_choice, m_several.get());
        markEarlierReleases(*m_summary);
    } catch (const std::exception& e) {
        m_summary.reset();
        m_summaryLabel->setText(QString("<span style='color:#b03a00'><b>Cannot release:</b> %1</span>")
                                    .arg(errorText(e).toHtmlEscaped()));
        m_matrices->clear();
        m_write->setEnabled(false);
        return;
    }
    const ReleaseSummary& s = *m_summary;
    for (int r = 0; r < m_columns->rowCount(); ++r) {
        const ReleaseColumn& c = s.columns[static_cast<std::size_t>(r)];
        const bool randomized = c.action == ReleaseAction::Randomize;
        m_columns->setItem(r, 1, new QTableWidgetItem(coreText(c.role)));
        m_columns->setItem(r, 3, new QTableWidgetItem(c.d > 0 ? QString::number(c.d) : QString()));
        m_columns->setItem(r, 4, new QTableWidgetItem(randomized ? QString::number(c.p, 'f', 3) : QString()));
        auto* eps = new QTableWidgetItem(randomized ? epsilonWithBand(c.epsilon) : QString());
        if (randomized)
            eps->setToolTip(c.epsilon.guaranteed ? epsilonMeaning(epsilonGuidance(c.epsilon), false)
                                                 : QString::fromStdString(c.epsilon.reason));
        m_columns->setItem(r, 5, eps);
    }
    QString html = warningsParagraph(s); // first: what the owner must see before writing
    html += tr("<b>Records</b><br>%1 loaded; %2 dropped because %3; <b>%4 released</b>.")
                .arg(style::count(double(s.loadedRows)), style::count(double(s.droppedRows)),
                     QString::fromStdString(s.policy).toHtmlEscaped(), style::count(double(s.releasedRows)));
    html += recordRiskParagraph(s);
    html += severalSensitiveParagraph(s);
    html += reidentificationParagraph(s.reidentification);
    html += inferenceParagraph(s);
    html += tr("<p><b>\u03B5 per record</b> (sum over randomized columns): %1. %2</p>")
                .arg(epsilonWithBand(s.recordEpsilon).toHtmlEscaped(),
                     epsilonMeaning(epsilonGuidance(s.recordEpsilon), true).toHtmlEscaped());
    const auto released = s.releasedNames();
    QStringList names;
    for (const std::string& n : released)
        names << QString::fromStdString(n);
    html += tr("<p><b>Columns written</b> (%1): %2</p>").arg(names.size()).arg(names.join(", ").toHtmlEscaped());
    html += m_keepOrder->isChecked()
                ? tr("<p style='color:#b03a00'><b>Record order</b>: the source's, as asked: anyone who knows how the "
                     "source is sorted can align released records with persons.</p>")
                : tr("<p><b>Record order</b>: random, so a record's position says nothing about who it is.</p>");
    m_summaryLabel->setText(html);
    m_matrices->setHtml(QString::fromStdString(releaseMatricesHtml(s)));
    m_write->setEnabled(!m_task.isRunning());
}

QString ReleaseDialog::summaryText() const
{
    return m_summaryLabel->text();
}

QString ReleaseDialog::matricesHtml() const
{
    return m_summary ? QString::fromStdString(releaseMatricesHtml(*m_summary)) : QString();
}

void ReleaseDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Release Randomized Table"), m_target->text().isEmpty() ? lastFolder("release") : m_target->text(),
        tr("CSV files (*.csv);;SPSS files (*.sav);;Stata files (*.dta);;SAS transport files (*.xpt)"), nullptr,
        QFileDialog::DontConfirmOverwrite); // we ask ourselves
    rememberFolder("release", path);
    if (path.isEmpty())
        return;
    const bool known = path.endsWith(".csv", Qt::CaseInsensitive) || statFormatOfPath(path.toStdString());
    m_target->setText(known ? path : path + ".csv");
}

void ReleaseDialog::onWriteClicked()
{
    if (m_toTable && m_toTable->isChecked()) {
        if (m_table->text().trimmed().isEmpty()) {
            m_status->setText(tr("Name the table to release into."));
            return;
        }
        startTableWrite(m_table->text().trimmed(), m_replaceTable->isChecked());
        return;
    }
    QString path = m_target->text().trimmed();
    if (path.isEmpty()) {
        browse();
        path = m_target->text().trimmed();
        if (path.isEmpty())
            return;
    }
    const auto existing = existingTargets(releaseFilesFor(path.toStdString()));
    bool replace = false;
    if (!existing.empty()) {
        QStringList list;
        for (const std::string& f : existing)
            list << QString::fromStdString(f);
        const auto answer = QMessageBox::warning(
            this, tr("Replace files?"),
            tr("These files exist already and would be replaced:\n%1\n\nReplace them?").arg(list.join("\n")),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes)
            return;
        replace = true;
    }
    startWrite(path, replace);
}

// Remembered for the next release of these values; the release stands if the log cannot take it (the text says
// so). Called on the worker thread.
QString ReleaseDialog::remember(const std::string& logPath, ReleaseLogEntry entry, std::size_t rows)
{
    if (logPath.empty())
        return {};
    try {
        entry.records = rows;
        appendReleaseLog(logPath, entry);
    } catch (const std::exception& e) {
        return tr(" Not added to the release log: %1.").arg(errorText(e));
    }
    return {};
}

bool ReleaseDialog::startWrite(const QString& path, bool replaceExisting)
{
    if (!m_summary || path.trimmed().isEmpty() || m_task.isRunning())
        return false;
    m_write->setEnabled(false);
    m_status->setText(tr("Writing\u2026"));
    const ReleaseSummary summary = *m_summary;
    const AnalysisSpec spec = m_analysis->spec;
    ReleaseFiles files = filesToWrite(path);
    std::vector<std::string> tables{files.table};
    tables.insert(tables.end(), files.alsoAs.begin(), files.alsoAs.end());
    ReleaseLogEntry logEntry = releaseLogEntry(summary, m_source->summary());
    for (const std::string& t : tables)
        logEntry.outputs.push_back(std::filesystem::absolute(t).lexically_normal().string());
    const std::string logPath = m_logPath;
    try {
        if (!logPath.empty())
            checkReleaseLogPlace(logPath, tables);
    } catch (const InputError& e) {
        m_lastMessage = tr("Nothing was written: %1.").arg(errorText(e));
        m_status->setText(QString("<span style='color:#b03a00'>%1</span>").arg(m_lastMessage.toHtmlEscaped()));
        m_write->setEnabled(true);
        return false;
    }
    std::vector<std::string> inputs;
    for (const QString& p : m_inputPaths)
        inputs.push_back(p.toStdString());
    auto source = m_source;
    const bool keepOrder = m_keepOrder->isChecked();
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_cancel->setEnabled(true);
    m_task.start([=, this](TaskControl& control) -> BackgroundTask::Completion {
        RandomSource rng = RandomSource::secure();
        // SPSS, Stata or SAS transport by the name's extension, with value labels (the source's, when it is
        // such a file); CSV otherwise.
        const std::unique_ptr<ReleaseTarget> table = fileReleaseTarget(*source, tables, "?");
        const ReleaseOutcome o = writeRelease(*source, summary, spec, files, rng, replaceExisting, inputs,
                                              source->description(), "?", keepOrder,
                                              [&control](double f) {
                                                  if (f >= 0)
                                                      control.setProgress(static_cast<int>(f * 100), 100);
                                                  return !control.isCanceled();
                                              },
                                              table.get());
        const QString logged = remember(logPath, logEntry, o.report.rows);
        return [this, o, tables, logged]() {
            m_succeeded = true;
            m_lastMessage = releasedMessage(o, tables) + logged;
            readReleaseLog(); // a next write from this dialog is a second draw
            refresh();
            m_status->setText(QString("<span style='color:#1a7f37'>%1</span>").arg(m_lastMessage.toHtmlEscaped()));
            m_write->setEnabled(true);
            emit released(QString::fromStdString(o.files.table));
        };
    });
    return true;
}

// The table at `path` and the other formats ticked under "Also as" (the same draw in each).
ReleaseFiles ReleaseDialog::filesToWrite(const QString& path) const
{
    ReleaseFiles files = releaseFilesFor(path.trimmed().toStdString());
    std::vector<std::string> extensions;
    for (const auto& [ext, box] : m_alsoAs)
        if (box->isChecked())
            extensions.push_back(ext.toStdString());
    files.alsoAs = sameReleaseAs(files.table, extensions);
    return files;
}

// "Released ... records to ...": what a finished write says (the log's line follows it).
QString ReleaseDialog::releasedMessage(const ReleaseOutcome& o, const std::vector<std::string>& tables)
{
    QStringList written;
    for (const std::string& t : tables)
        written << QString::fromStdString(t);
    return tr("Released %1 records to %2 (public note to publish with it: %3, %4; audit note to "
              "keep inside: %5), drawn from %6; %7.")
        .arg(style::count(double(o.report.rows)), written.join(", "),
             QFileInfo(QString::fromStdString(o.files.noteJson)).fileName(),
             QFileInfo(QString::fromStdString(o.files.noteHtml)).fileName(),
             QFileInfo(QString::fromStdString(o.files.auditHtml)).fileName(),
             QString::fromStdString(o.generator),
             o.randomOrder ? tr("records in random order") : tr("records in the source's order (a risk)"));
}

bool ReleaseDialog::startTableWrite(const QString& name, bool replace)
{
    const auto* database = dynamic_cast<const sql::SqlDataSource*>(&unbinned(*m_source));
    if (!database || !m_summary || name.trimmed().isEmpty() || m_task.isRunning())
        return false;
    m_write->setEnabled(false);
    m_status->setText(tr("Writing\u2026"));
    const ReleaseSummary summary = *m_summary;
    const AnalysisSpec spec = m_analysis->spec;
    auto source = m_source;
    const bool keepOrder = m_keepOrder->isChecked();
    const std::string table = name.trimmed().toStdString();
    const AuditStamp stamp = auditStampNow();
    const ReleaseLogEntry logEntry = releaseLogEntry(summary, m_source->summary(), {"table " + table});
    const std::string logPath = m_logPath;
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_cancel->setEnabled(true);
    m_task.start([=, this](TaskControl& control) -> BackgroundTask::Completion {
        const std::string sourceName = source->description();
        sql::SqlReleaseTable target(
            *database, table, replace, [&](const StreamReleaseReport& r) {
                // The owner's database: the comment is the audit note (it holds the public note too).
                return auditNoteJson(summary, r.randomization, ReleaseFiles{table, "", "", "", ""}, !keepOrder,
                                     AuditContext{r.generator, sourceName, stamp});
            },
            binnedAttributeNames(*source));
        RandomSource rng = RandomSource::secure();
        const ReleaseOutcome o = writeReleaseTo(target, *source, summary, spec, rng, keepOrder, [&control](double f) {
            if (f >= 0)
                control.setProgress(static_cast<int>(f * 100), 100);
            return !control.isCanceled();
        });
        const QString logged = remember(logPath, logEntry, o.report.rows);
        return [this, o, logged]() {
            m_succeeded = true;
            m_lastMessage = tr("Released %1 records to %2, drawn from %3; %4.")
                                .arg(style::count(double(o.report.rows)), QString::fromStdString(o.files.table),
                                     QString::fromStdString(o.generator),
                                     o.randomOrder ? tr("records in random order")
                                                   : tr("records in the source's order (a risk)")) +
                            logged;
            readReleaseLog(); // a next write from this dialog is a second draw
            refresh();
            m_status->setText(QString("<span style='color:#1a7f37'>%1</span>").arg(m_lastMessage.toHtmlEscaped()));
            m_write->setEnabled(true);
        };
    });
    return true;
}

void ReleaseDialog::cancelWrite()
{
    m_task.cancel();
}

void ReleaseDialog::waitForWrite()
{
    m_task.waitForFinished();
}

} // namespace rr::ui
