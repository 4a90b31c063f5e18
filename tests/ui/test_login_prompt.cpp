// The database login prompt asked from a loader's worker thread: answered on the GUI thread; and when the
// window closes while the worker waits (the dialog open, or the question not yet shown), the worker gets no
// answer at once and closing does not hang (issue 18).
#include "ui/mainwindow/LoginPrompt.h"
#include "ui/mainwindow/MainWindow.h"

#include <QInputDialog>
#include <QTimer>
#include <QtTest>

#include <chrono>
#include <functional>
#include <future>

using namespace rr;
using namespace rr::ui;
using namespace std::chrono_literals;

namespace {
// Calls `act` with the dialog once it is open (polled from the event loop the dialog runs).
void whenDialogOpens(QWidget* window, std::function<void(QInputDialog*)> act)
{
    auto* timer = new QTimer;
    QObject::connect(timer, &QTimer::timeout, [timer, window, act] {
        if (auto* dialog = window->findChild<QInputDialog*>(); dialog && dialog->isVisible()) {
            timer->stop();
            timer->deleteLater();
            act(dialog);
        }
    });
    timer->start(10);
}

std::future<std::optional<sql::Credentials>> askInThread(LoginPrompt* prompt)
{
    return std::async(std::launch::async, [prompt] { return prompt->ask("postgresql://db.example/census", "refused"); });
}
} // namespace

class TestLoginPrompt : public QObject {
    Q_OBJECT
private slots:
    void answeredOnTheGuiThread()
    {
        auto w = std::make_unique<MainWindow>();
        auto* prompt = w->findChild<LoginPrompt*>("loginPrompt");
        QVERIFY(prompt);
        QString label;
        whenDialogOpens(w.get(), [&](QInputDialog* dialog) { // inside the dialog's own event loop
            label = dialog->labelText();
            dialog->setTextValue("s3cret");
            dialog->accept();
        });
        auto answer = askInThread(prompt);
        QTRY_VERIFY_WITH_TIMEOUT(answer.wait_for(0s) == std::future_status::ready, 10000);
        const auto login = answer.get();
        QVERIFY(login);
        QCOMPARE(QString::fromStdString(login->password), QString("s3cret"));
        QVERIFY(label.contains("db.example") && label.contains("refused"));
    }

    void windowClosedWhileTheDialogIsOpen()
    {
        auto w = std::make_unique<MainWindow>();
        auto answer = askInThread(w->findChild<LoginPrompt*>("loginPrompt"));
        whenDialogOpens(w.get(), [&](QInputDialog*) {
            w.reset(); // inside the dialog's event loop, as a window closed by the system would be
        });
        QTRY_VERIFY_WITH_TIMEOUT(!w, 10000);
        QCOMPARE(answer.wait_for(10s), std::future_status::ready);
        QVERIFY(!answer.get());
    }

    // The deadlock of a blocking call: the window is destroyed (it joins its workers) before the GUI thread
    // ever shows the question.
    void windowClosedBeforeTheQuestionIsShown()
    {
        auto w = std::make_unique<MainWindow>();
        auto answer = askInThread(w->findChild<LoginPrompt*>("loginPrompt"));
        std::this_thread::sleep_for(100ms); // the question is posted, no event is processed
        w.reset();
        QCOMPARE(answer.wait_for(10s), std::future_status::ready);
        QVERIFY(!answer.get());
        QCoreApplication::processEvents(); // the posted question finds no prompt: nothing happens
    }
};

QTEST_MAIN(TestLoginPrompt)
#include "test_login_prompt.moc"
