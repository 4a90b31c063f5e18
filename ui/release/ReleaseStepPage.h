#pragma once
// The Release step: what File > Release would write at the current p (mode, p and epsilon per randomized
// column, the largest risk against the target, the records), and a button that opens the Release dialog to
// review and write it. Numbers from core/release/Release (summarizeRelease); refreshed while shown.
#include <QWidget>

class QLabel;
class QPushButton;

namespace rr {
struct ReleaseSummary;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class Workspace;
struct PageContext;

class ReleaseStepPage : public QWidget {
    Q_OBJECT
public:
    ReleaseStepPage(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);

    QString summaryText() const;
    QPushButton* releaseButton() const { return m_release; }
    // The window's page (ViewDescriptor::create): the button opens File > Release.
    static QWidget* create(const PageContext& context);

signals:
    void releaseRequested();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refresh();
    static QString randomizedParagraph(const ReleaseSummary& s);
    void refreshIfShown();

    AnalysisState* m_state;
    Workspace* m_workspace;
    QLabel* m_summary;
    QPushButton* m_release;
};

} // namespace rr::ui
