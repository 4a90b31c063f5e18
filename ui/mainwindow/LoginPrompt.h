#pragma once
// The database login asked of the user when a server refuses the one given, for the loader's worker thread:
// ask() posts the question to the GUI thread and waits for the answer. abandon() (the window closing) makes a
// waiting ask() return nothing at once and closes an open dialog, so a worker never waits on a window that
// is being destroyed, and the window never waits on a worker that waits on it.
#include "core/sources/SqlUrl.h"

#include <QObject>
#include <QPointer>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

class QInputDialog;
class QWidget;

namespace rr::ui {

class LoginPrompt : public QObject {
    Q_OBJECT
public:
    explicit LoginPrompt(QWidget* window);

    // Any thread but the GUI's: the password the user typed, or nothing (cancelled, or abandoned).
    std::optional<sql::Credentials> ask(const std::string& server, const std::string& problem);
    // GUI thread: no more questions.
    void abandon();

private:
    struct Question {
        bool answered = false;
        std::optional<sql::Credentials> answer;
        QString text;
    };
    // GUI thread, queued by ask(): shows the pending question. Invoked by name, so the posted call carries no
    // data of ours: the question travels under m_mutex, which ThreadSanitizer sees (Qt's own queue it cannot).
    Q_INVOKABLE void showPending();
    void show(const std::shared_ptr<Question>& question);

    QWidget* m_window;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_abandoned = false;
    std::deque<std::shared_ptr<Question>> m_pending; // asked, not yet shown: one posted call each
    QPointer<QInputDialog> m_dialog;
};

} // namespace rr::ui
