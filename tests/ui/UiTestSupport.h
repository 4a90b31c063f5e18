#pragma once
// Shared helpers for the GUI tests: a main window with the bundled Adult sample loaded.
#include "ui/tasks/ThreadHandoff.h"
#include "ui/document/Workspace.h"
#include "ui/mainwindow/MainWindow.h"

#include <QAbstractButton>
#include <QAbstractSeries>
#include <QApplication>
#include <QChart>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QStandardPaths>
#include <QTest>
#include <QXYSeries>

#include <cmath>
#include <memory>

// ThreadSanitizer (clang 14's runtime) aborts in the child when a multi-threaded process forks
// ("CHECK failed: tsan_rtl.cpp:234"), before the child execs. Test functions that start a process
// (the CLI, rr-explorer headless, poppler) skip under it; the plain and ASan+UBSan runs cover them.
#ifdef RR_THREAD_SANITIZER
#define RR_SKIP_PROCESSES_UNDER_TSAN() QSKIP("starts a process: ThreadSanitizer's runtime aborts in a forked child")
#else
#define RR_SKIP_PROCESSES_UNDER_TSAN() (void)0
#endif

namespace rr::ui::testing {

// Settings go to a throw-away location; closing never asks questions.
inline void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName("RR Explorer Tests");
    QApplication::setApplicationName("rr-explorer-tests");
    qputenv("RR_NO_CLOSE_PROMPT", "1");
    static QTemporaryDir data; // the release log of this test process alone (core/session/ReleaseLog.h)
    qputenv("XDG_DATA_HOME", data.path().toLocal8Bit());
}

// Answers the next message box named `name` with `button` as soon as it shows (polling every 20 ms for
// 5 s), keeping its text and informative text in `*text`: a modal question does not block the test.
inline void answerMessageBox(const QString& name, QMessageBox::StandardButton button, QString* text = nullptr)
{
    auto* timer = new QTimer(qApp);
    auto ticks = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, [=] {
        for (QWidget* w : QApplication::topLevelWidgets()) {
            auto* box = qobject_cast<QMessageBox*>(w);
            if (!box || box->objectName() != name || !box->isVisible())
                continue;
            if (text)
                *text = box->text() + "\n" + box->informativeText();
            timer->stop();
            timer->deleteLater();
            box->button(button)->click();
            return;
        }
        if (++*ticks > 250) {
            timer->stop();
            timer->deleteLater();
        }
    });
    timer->start(20);
}

inline std::unique_ptr<MainWindow> openSampleWindow()
{
    auto w = std::make_unique<MainWindow>();
    w->resize(1280, 800);
    w->show();
    w->openInitial({});
    w->workspace()->waitForIdle();
    return w;
}

// The window's jobs finished and their results drawn (a few rounds of events for the queued repaints).
inline void settle(MainWindow& w)
{
    w.workspace()->waitForIdle();
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
        QTest::qWait(20);
    }
}

// Every point of every XY series of a chart is finite (no NaN/inf reaches a chart).
inline bool allFinite(QChart* chart)
{
    for (QAbstractSeries* s : chart->series())
        if (auto* xy = qobject_cast<QXYSeries*>(s))
            for (const QPointF& p : xy->points())
                if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
                    return false;
    return true;
}

} // namespace rr::ui::testing
