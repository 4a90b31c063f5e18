#include "ui/mainwindow/LoginPrompt.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QMetaObject>

namespace rr::ui {

LoginPrompt::LoginPrompt(QWidget* window) : QObject(window), m_window(window)
{
    setObjectName("loginPrompt");
}

std::optional<sql::Credentials> LoginPrompt::ask(const std::string& server, const std::string& problem)
{
    auto question = std::make_shared<Question>();
    question->text = tr("%1\n%2\n\nPassword:").arg(QString::fromStdString(server), QString::fromStdString(problem));
    std::unique_lock lock(m_mutex);
    if (m_abandoned)
        return std::nullopt;
    m_pending.push_back(question);
    // Queued, not blocking: a blocking call would deadlock with a window joining this worker.
    QMetaObject::invokeMethod(this, "showPending", Qt::QueuedConnection);
    m_changed.wait(lock, [&] { return question->answered || m_abandoned; });
    return question->answered ? question->answer : std::nullopt;
}

void LoginPrompt::showPending()
{
    std::shared_ptr<Question> question;
    {
        const std::lock_guard lock(m_mutex);
        if (m_pending.empty())
            return;
        question = std::move(m_pending.front());
        m_pending.pop_front();
    }
    if (question)
        show(question);
}

void LoginPrompt::show(const std::shared_ptr<Question>& question)
{
    QString text;
    {
        const std::lock_guard lock(m_mutex);
        if (m_abandoned)
            return;
        text = question->text;
    }
    // On the heap with the window as parent: the window may be destroyed while the dialog runs.
    auto* dialog = new QInputDialog(m_window);
    dialog->setWindowTitle(tr("Database login"));
    dialog->setLabelText(text);
    dialog->setTextEchoMode(QLineEdit::Password);
    m_dialog = dialog;
    const QPointer<LoginPrompt> alive(this);
    const bool ok = dialog->exec() == QDialog::Accepted;
    if (!alive)
        return; // the window and this prompt are gone; abandon() already released the worker
    std::optional<sql::Credentials> answer;
    if (ok && m_dialog)
        answer = sql::Credentials{std::string(), m_dialog->textValue().toStdString()};
    delete m_dialog;
    const std::lock_guard lock(m_mutex);
    question->answered = true;
    question->answer = answer;
    m_changed.notify_all();
}

void LoginPrompt::abandon()
{
    {
        const std::lock_guard lock(m_mutex);
        m_abandoned = true;
        m_changed.notify_all();
    }
    if (m_dialog)
        m_dialog->reject();
}

} // namespace rr::ui
