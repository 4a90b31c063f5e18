#pragma once
// The Data page: the records as they were read (a window of rows over the table), and a randomized preview
// of the table File > Release would write at the current p, drawn from a fixed seed. Follows the workspace:
// a new table, the analysis's roles and greyed rows, the parameters while the preview is on.
#include "ui/views/Page.h"

#include <QWidget>

#include <memory>

class QAbstractButton;
class QHBoxLayout;
class QLabel;
class QTableView;

namespace rr {
struct Table;
} // namespace rr

namespace rr::ui {

class AnalysisState;
class DataPreview;
class TableModel;
class Workspace;

class DataPage : public QWidget, public Page {
    Q_OBJECT
public:
    DataPage(AnalysisState* state, Workspace* workspace, QWidget* parent = nullptr);

    QTableView* records() const { return m_records; }
    TableModel* model() const { return m_model; }
    // The "Randomized preview" toggle and its note.
    QAbstractButton* previewToggle() const { return m_toggle; }
    QLabel* previewNote() const { return m_note; }

    QList<BackgroundTask*> watchedTasks() const override;

private:
    QTableView* buildRecords();
    QHBoxLayout* buildPreviewBar();
    void connectWorkspace();
    void onAnalysisReady();
    void updatePreview();
    void showPreview(std::shared_ptr<const Table> table, qulonglong changed, const QString& randomized,
                     qulonglong released);

    AnalysisState* m_state;
    Workspace* m_workspace;
    TableModel* m_model;
    QTableView* m_records;
    DataPreview* m_preview;
    QAbstractButton* m_toggle = nullptr;
    QLabel* m_note = nullptr;
};

} // namespace rr::ui
