#pragma once
// Status-bar progress for background tasks, with Cancel.
#include <QTimer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace rr::ui {

class BackgroundTask;

class TaskProgress : public QWidget {
    Q_OBJECT
public:
    explicit TaskProgress(QWidget* parent = nullptr);
    void watch(BackgroundTask* task);
    void cancelCurrent();
    bool isBusy() const;

private:
    void refresh();

    QList<BackgroundTask*> m_tasks;
    BackgroundTask* m_shown = nullptr;
    QLabel* m_label;
    QProgressBar* m_bar;
    QToolButton* m_cancel;
    QTimer m_delay; // short jobs (a surface during a drag) never flash the bar
};

} // namespace rr::ui
