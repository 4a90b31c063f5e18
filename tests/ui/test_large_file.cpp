// A census-size file in the GUI (issue 13): opening it, and changing the missing-value policy and the
// roles afterwards, never stalls the GUI thread for more than 100 ms. Measured as a person would feel it:
// a 5 ms timer on the GUI thread, and the longest gap between two of its ticks while the work runs.
// The file is the bundled Adult sample repeated to RR_LARGE_ROWS data rows (default 1,000,000, 108 MB;
// 10,000,000 is the 1.08 GB census-size case of the README); RR_LARGE_FILE names such a file made already
// by scripts/make-big-adult.sh.
#include "ui/mainwindow/DataPage.h"
#include "UiTestSupport.h"

#include "core/datasource/DataSource.h"
#include "core/analysis/PreparedAnalysis.h"
#include "ui/release/ReleaseDialog.h"
#include "ui/session/AnalysisState.h"

#include <QDir>
#include <QAbstractButton>
#include <QElapsedTimer>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <cstdio>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

using namespace rr;
using namespace rr::ui;

namespace {

constexpr qint64 kStallLimitMs = 100;

// Timer lateness measures this process only when the cores are not held by others: with the 1-minute load
// average above 1.5 runnable threads per core (another build, a sanitizer run) the scheduler alone delays
// a 1 ms sleep by hundreds of milliseconds. Then the stall is reported, not asserted.
bool machineQuiet(QString& why)
{
    double load = 0;
    if (std::FILE* f = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(f, "%lf", &load) != 1)
            load = 0;
        std::fclose(f);
    }
    const int cores = std::max(1, QThread::idealThreadCount());
    why = QString("load average %1 on %2 cores").arg(load).arg(cores);
    return load <= 1.5 * cores;
}

void checkStall(const char* phase, qint64 stall)
{
    QString why;
    if (!machineQuiet(why)) {
        qWarning("%s: longest GUI-thread stall %lld ms, not asserted (%s)", phase, static_cast<long long>(stall),
                 qPrintable(why));
        return;
    }
    QVERIFY2(stall <= kStallLimitMs, qPrintable(QString("%1: the GUI thread stalled %2 ms").arg(phase).arg(stall)));
}

// The longest gap between ticks of a 5 ms GUI-thread timer while `busy()` holds.
template <class Busy>
qint64 longestStall(const Busy& busy, int timeoutMs)
{
    QElapsedTimer clock, total;
    qint64 longest = 0;
    QTimer tick;
    tick.setInterval(5);
    clock.start();
    total.start();
    QObject::connect(&tick, &QTimer::timeout, [&] { longest = std::max(longest, clock.restart()); });
    tick.start();
    while (busy() && total.elapsed() < timeoutMs)
        QTest::qWait(1);
    tick.stop();
    longest = std::max(longest, clock.elapsed());
    return longest;
}

} // namespace

class TestLargeFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_path;
    long m_rows = 1'000'000;

private slots:
    void initTestCase()
    {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("a GUI-thread stall limit in milliseconds means nothing under a sanitizer's 5-15x slowdown");
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
        QSKIP("a GUI-thread stall limit in milliseconds means nothing under a sanitizer's 5-15x slowdown");
#endif
#endif
        testing::isolateSettings();
        if (const QByteArray env = qgetenv("RR_LARGE_ROWS"); !env.isEmpty())
            m_rows = env.toLong();
        QVERIFY(m_rows > 0);
        if (const QString given = qEnvironmentVariable("RR_LARGE_FILE"); !given.isEmpty()) {
            m_path = given.toStdString(); // made by scripts/make-big-adult.sh with RR_LARGE_ROWS rows
            return;
        }
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath("adult-repeated.csv").toStdString();
        std::vector<std::string> rows;
        std::string header, line;
        for (const char* name : {"adult.data.csv", "adult.test.csv"}) {
            std::ifstream in(std::string(RR_RESOURCES_DIR) + "/data/" + name);
            QVERIFY2(in, name);
            std::getline(in, line);
            if (header.empty())
                header = line;
            while (std::getline(in, line))
                rows.push_back(line);
        }
        std::ofstream out(m_path, std::ios::binary);
        out << header << '\n';
        for (long r = 0; r < m_rows; ++r)
            out << rows[static_cast<std::size_t>(r) % rows.size()] << '\n';
        QVERIFY(out.good());
    }

    void openPolicyAndRolesNeverStall()
    {
        auto w = testing::openSampleWindow();
        Workspace* ws = w->workspace();
        const auto sampleSource = ws->source();

        // Open: the streaming aggregation, the analysis, the live views.
        QElapsedTimer wall;
        wall.start();
        w->openCsv({QString::fromStdString(m_path)});
        qint64 stall = longestStall([&] { return ws->source() == sampleSource || !ws->isIdle(); }, 300'000);
        QVERIFY2(ws->isIdle(), "the file was not analysed within 300 s");
        QVERIFY(ws->source() != sampleSource);
        QCOMPARE(ws->source()->summary().rows, static_cast<std::size_t>(m_rows));
        QVERIFY(ws->analysis());
        checkStall("opening", stall);
        const double keptDropIncomplete = ws->analysis()->records;
        qInfo("%ld rows opened and analysed in %lld ms wall; longest GUI-thread stall %lld ms", m_rows,
              static_cast<long long>(wall.elapsed()), static_cast<long long>(stall));
        // README screenshots (RR_SCREENSHOT_DIR): the Data tab over the file, then the risk view.
        if (const QString dir = qEnvironmentVariable("RR_SCREENSHOT_DIR"); !dir.isEmpty()) {
            auto* tabs = w->findChild<QTabWidget*>();
            QVERIFY(tabs);
            for (const auto& [tab, name] : {std::pair{QString("Data"), QString("large-file-data")},
                                            std::pair{QString("Risk"), QString("large-file-risk")}}) {
                for (int i = 0; i < tabs->count(); ++i)
                    if (tabs->tabText(i).remove('&') == tab)
                        tabs->setCurrentIndex(i);
                QTest::qWait(300);
                QVERIFY(w->grab().save(dir + "/" + name + ".png"));
            }
        }

        // Another missing-value policy re-aggregates from the file, in the background.
        AnalysisSpec spec = ws->state()->spec();
        spec.policy = MissingPolicy::DropIfUsedMissing;
        ws->state()->setSpec(spec);
        stall = longestStall([&] { return !ws->isIdle(); }, 300'000);
        QVERIFY(ws->isIdle());
        checkStall("policy", stall);
        // EMGRW over the rows that miss none of those five: more records than with any missing value dropped.
        QVERIFY(ws->analysis()->records > keptDropIncomplete);

        // Other roles: a new joint table over the same file.
        spec.quasiIdentifiers = {"education", "sex"};
        spec.sensitive = "occupation";
        ws->state()->setSpec(spec);
        stall = longestStall([&] { return !ws->isIdle(); }, 300'000);
        QVERIFY(ws->isIdle());
        checkStall("roles", stall);
        QCOMPARE(ws->analysis()->names, (std::vector<std::string>{"education", "sex", "occupation"}));

        // The release (issue 19): streamed from the file with progress, never stalling the GUI thread; every
        // kept record written; a cancelled write leaves nothing behind.
        QTemporaryDir out;
        QVERIFY(out.isValid());
        std::unique_ptr<ReleaseDialog> dialog(w->createReleaseDialog());
        QVERIFY(dialog->summary());
        const std::size_t kept = dialog->summary()->releasedRows;
        wall.restart();
        QVERIFY(dialog->startWrite(out.filePath("release.csv"), false));
        stall = longestStall([&] { return dialog->isWriting(); }, 300'000);
        QVERIFY2(dialog->lastWriteSucceeded(), qPrintable(dialog->lastMessage()));
        checkStall("release", stall);
        qInfo("released %zu records in %lld ms wall; longest GUI-thread stall %lld ms", kept,
              static_cast<long long>(wall.elapsed()), static_cast<long long>(stall));
        std::ifstream released(out.filePath("release.csv").toStdString());
        std::size_t lines = 0;
        for (std::string l; std::getline(released, l);)
            ++lines;
        QCOMPARE(lines, kept + 1);

        QVERIFY(QDir(out.path()).mkpath("cancelled"));
        QVERIFY(dialog->startWrite(out.filePath("cancelled/release.csv"), false));
        auto* bar = dialog->findChild<QProgressBar*>("releaseProgress");
        QVERIFY(bar);
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0 || !dialog->isWriting(), 60'000);
        const bool cancelledMidway = dialog->isWriting();
        dialog->cancelWrite();
        qInfo("cancelled %s", cancelledMidway ? "while writing" : "after the write had finished");
        dialog.reset(); // joins the job
        if (cancelledMidway)
            QCOMPARE(QDir(out.filePath("cancelled")).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                     QStringList{});

        // The Data tab's randomized preview (issue 19): the first 100,000 released records, read a page at a
        // time (it used to randomize every record, and refused over 5,000,000), never stalling the GUI thread.
        w->view<DataPage>("data")->previewToggle()->setChecked(true);
        const auto drawn = [&] {
            const QString note = w->view<DataPage>("data")->previewNote()->text();
            return note.contains("PREVIEW") || note.contains("No preview");
        };
        wall.restart();
        stall = longestStall([&] { return !drawn(); }, 300'000);
        const QString note = w->view<DataPage>("data")->previewNote()->text();
        QVERIFY2(note.contains("the first " + QLocale().toString(100'000) + " of the " + QLocale().toString(qulonglong(kept)) +
                              " released"),
                 qPrintable(note));
        QCOMPARE(w->view<DataPage>("data")->records()->model()->rowCount(), 100'000);
        checkStall("preview", stall);
        qInfo("preview in %lld ms wall; longest GUI-thread stall %lld ms", static_cast<long long>(wall.elapsed()),
              static_cast<long long>(stall));
        w->view<DataPage>("data")->previewToggle()->setChecked(false);
    }
};

QTEST_MAIN(TestLargeFile)
#include "test_large_file.moc"
