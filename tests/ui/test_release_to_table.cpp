// The Release dialog over a database (the Adult sample in a SQLite file): "Release to database table" writes
// the release into a new table of the same file (every released record, the released columns), refuses an
// existing table unless replacing, and a cancel leaves no table. A file source offers no table.
#include "TestSupport.h"
#include "UiTestSupport.h"
#include "sql/SqlTestData.h"

#include "core/session/ReleaseLog.h"
#include "ui/release/ReleaseDialog.h"

#include <QCheckBox>
#include <QLineEdit>
#include <QTemporaryDir>

using namespace rr;
using namespace rr::ui;

namespace {

// Rows of `table` in the SQLite file, or -1 when there is no such table.
long long rowCount(const std::string& file, const std::string& table)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    const std::unique_ptr<sqlite3, int (*)(sqlite3*)> close(db, sqlite3_close_v2);
    sqlite3_stmt* s = nullptr;
    const std::string sql = "SELECT COUNT(*) FROM " + sqltest::quoted(table);
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK)
        return -1;
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> finalize(s, sqlite3_finalize);
    return sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
}

} // namespace

class TestReleaseToTable : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_file;
    std::unique_ptr<MainWindow> m_window;

    std::unique_ptr<ReleaseDialog> dialog() { return std::unique_ptr<ReleaseDialog>(m_window->createReleaseDialog()); }

private slots:
    void initTestCase()
    {
        testing::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath("adult.sqlite").toStdString();
        {
            sqltest::SqliteFixture db(m_file);
            sqltest::loadTable(db, "adult", sqltest::adultRaw(), true);
        }
        m_window = std::make_unique<MainWindow>();
        m_window->openDatabase({QString::fromStdString("sqlite://" + m_file), "adult", {}});
        m_window->workspace()->waitForIdle();
        QVERIFY(m_window->workspace()->analysis());
    }

    void cleanupTestCase() { m_window.reset(); }

    void releasesIntoTable()
    {
        auto d = dialog();
        QVERIFY(d->toTableBox());
        QVERIFY(!d->tableEdit()->isEnabled());
        d->toTableBox()->setChecked(true);
        QVERIFY(d->tableEdit()->isEnabled() && !d->targetEdit()->isEnabled());
        QVERIFY(d->summary());
        const auto released = static_cast<long long>(d->summary()->releasedRows);
        QVERIFY(released > 0);
        QCOMPARE(rowCount(m_file, "released"), -1LL);
        QVERIFY(d->startTableWrite("released", false));
        d->waitForWrite();
        QVERIFY2(d->lastWriteSucceeded(), qPrintable(d->lastMessage()));
        QVERIFY2(d->lastMessage().contains("table released"), qPrintable(d->lastMessage()));
        QCOMPARE(rowCount(m_file, "released"), released);
        // Remembered in the release log as a file release is (issue 46).
        std::vector<ReleaseLogEntry> log = readReleaseLog(defaultReleaseLogPath());
        QCOMPARE(log.size(), std::size_t(1));
        QCOMPARE(log[0].outputs, std::vector<std::string>{"table released"});
        QCOMPARE(log[0].records, static_cast<std::size_t>(released));

        // Again: refused, the table as it was; replaced when asked to.
        QVERIFY(d->startTableWrite("released", false));
        d->waitForWrite();
        QVERIFY(!d->lastWriteSucceeded());
        QVERIFY2(d->lastMessage().contains("exists already"), qPrintable(d->lastMessage()));
        QCOMPARE(rowCount(m_file, "released"), released);
        QVERIFY(d->startTableWrite("released", true));
        d->waitForWrite();
        QVERIFY2(d->lastWriteSucceeded(), qPrintable(d->lastMessage()));
        QCOMPARE(rowCount(m_file, "released"), released);
        QCOMPARE(readReleaseLog(defaultReleaseLogPath()).size(), std::size_t(2)); // the refused write is not in it
    }

    void cancelLeavesNoTable()
    {
        auto d = dialog();
        QVERIFY(d->startTableWrite("cancelled", false));
        QVERIFY(d->isWriting());
        d->cancelWrite();
        QVERIFY(!d->isWriting());
        QCOMPARE(d->lastMessage(), QString("Cancelled: nothing was written."));
        d.reset(); // joins the job
        QCOMPARE(rowCount(m_file, "cancelled"), -1LL);
    }

    void fileSourceOffersNoTable()
    {
        auto w = testing::openSampleWindow();
        const std::unique_ptr<ReleaseDialog> d(w->createReleaseDialog());
        QVERIFY(!d->toTableBox());
        QVERIFY(!d->startTableWrite("t", false));
    }
};

QTEST_MAIN(TestReleaseToTable)
#include "test_release_to_table.moc"
