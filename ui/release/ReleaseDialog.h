#pragma once
// File > Release randomized table...: the summary a data owner reviews (each column randomized, in clear
// or dropped; records dropped by the missing-value policy; the risk at these p; the matrices published),
// then the write from the OS CSPRNG with its release note. Numbers and the write come from
// core/release/Release; the write runs off the GUI thread.
#include "core/datasource/DataSource.h"
#include "core/release/Release.h"
#include "core/session/ReleaseLog.h"
#include "ui/tasks/BackgroundTask.h"

#include <QDialog>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QHBoxLayout;
class QProgressBar;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QTableWidget;
class QTextBrowser;

namespace rr::ui {

class ReleaseDialog : public QDialog {
    Q_OBJECT
public:
    // `inputPaths`: the files the data came from (never a target).
    // `several`: every sensitive attribute's table when the roles name more than one (issue 22), else null.
    ReleaseDialog(std::shared_ptr<const DataSource> source, std::shared_ptr<const PreparedAnalysis> analysis,
                  const ReleaseChoice& choice, QStringList inputPaths, QWidget* parent = nullptr,
                  std::shared_ptr<const SeveralSensitiveAnalysis> several = nullptr);
    ~ReleaseDialog() override;

    // The summary shown (nullopt while the choice is refused; the reason is in the summary text).
    const std::optional<ReleaseSummary>& summary() const { return m_summary; }
    const ReleaseChoice& choice() const { return m_choice; }
    // Changes a column's action as its combo box does.
    void setAction(const QString& column, ReleaseAction action);
    QTableWidget* columnTable() const { return m_columns; }
    QString summaryText() const;
    QString matricesHtml() const;
    QLineEdit* targetEdit() const { return m_target; }
    // Off by default: the records leave in a random order. On, the source's order is kept (flagged as a risk).
    QCheckBox* keepOrderBox() const { return m_keepOrder; }
    // Stops a write under way: nothing is written.
    void cancelWrite();
    bool isWriting() const { return m_task.isRunning(); }

    // A database source offers "Release to database table" (nullptr otherwise): a new table in the same
    // database, created and filled in one transaction, the note as its comment where the engine has one.
    QCheckBox* toTableBox() const { return m_toTable; }
    QLineEdit* tableEdit() const { return m_table; }
    QCheckBox* replaceTableBox() const { return m_replaceTable; }
    // "Also as": the same records in another format too (".sav", ".dta", ".xpt"); nullptr for another text.
    QCheckBox* alsoAsBox(const QString& extension) const;
    // The release log the dialog checks and adds to (default: defaultReleaseLogPath()); read again when set.
    void setReleaseLogPath(const QString& path);
    // The preference Move... sets: the log kept in `path` from now on (the current one copied there when `path`
    // does not exist yet). False, said in the status line, when the copy fails.
    bool moveReleaseLog(const QString& path);
    // The setting that holds the chosen place (QSettings; empty: defaultReleaseLogPath()).
    static constexpr const char* kReleaseLogSetting = "release/log";
    // Starts the release into table `name` (`replace`: an existing one is dropped in the same transaction).
    bool startTableWrite(const QString& name, bool replace);

    // Starts the write to `path` (the table; notes beside it). `replaceExisting` answers "replace?" for
    // tests; the button asks the user. Returns false when nothing was started (no summary, no path).
    bool startWrite(const QString& path, bool replaceExisting);
    // Tests: blocks until the write finished (nested event loop).
    void waitForWrite();
    // The outcome message of the last write ("Released ... " or the error).
    QString lastMessage() const { return m_lastMessage; }
    bool lastWriteSucceeded() const { return m_succeeded; }

signals:
    void released(const QString& tablePath);

private:
    // The constructor's parts, in the order the dialog shows them.
    QLabel* buildIntro();
    QSplitter* buildReviewArea();
    QHBoxLayout* buildTargetRow(QPushButton*& browse);
    QHBoxLayout* buildOrderRow();
    QHBoxLayout* buildLogRow();
    QHBoxLayout* buildTableRow(QPushButton* browse);
    QDialogButtonBox* buildButtons();
    void connectTaskProgress();
    void connectTaskFailure();
    void buildColumns();
    void readReleaseLog();
    void markEarlierReleases(ReleaseSummary& summary) const;
    static QString remember(const std::string& logPath, ReleaseLogEntry entry, std::size_t rows);
    void refresh();
    void onWriteClicked();
    ReleaseFiles filesToWrite(const QString& path) const;
    static QString releasedMessage(const ReleaseOutcome& o, const std::vector<std::string>& tables);
    void browse();

    std::shared_ptr<const DataSource> m_source;
    std::shared_ptr<const PreparedAnalysis> m_analysis;
    std::shared_ptr<const SeveralSensitiveAnalysis> m_several;
    ReleaseChoice m_choice;
    QStringList m_inputPaths;
    std::vector<std::string> m_sourceColumns;
    std::optional<ReleaseSummary> m_summary;
    QTableWidget* m_columns;
    QLabel* m_summaryLabel;
    QTextBrowser* m_matrices;
    QLineEdit* m_target;
    QPushButton* m_write;
    QPushButton* m_cancel;
    QCheckBox* m_keepOrder;
    QCheckBox* m_toTable = nullptr;
    QLineEdit* m_table = nullptr;
    QCheckBox* m_replaceTable = nullptr;
    std::vector<std::pair<QString, QCheckBox*>> m_alsoAs; // extension, box
    std::string m_logPath;
    QLineEdit* m_logPlace;
    std::vector<ReleaseLogEntry> m_log; // read when the dialog opens
    QString m_logProblem;               // why the log could not be read
    QProgressBar* m_progress;
    QLabel* m_status;
    BackgroundTask m_task{tr("Writing the release")};
    QString m_lastMessage;
    bool m_succeeded = false;
};

} // namespace rr::ui
