#pragma once
// The Attributes panel's edits of the table (issues 20 and 21): bins of an attribute (Bin…, Unbin) and a
// column's new name (Rename…). Each re-wraps the workspace's source in the background.
#include <QObject>
#include <QString>

class QWidget;

namespace rr::ui {

class AnalysisState;
class BinDialog;
class InfoBar;
class Workspace;

class AttributeEditing : public QObject {
    Q_OBJECT
public:
    AttributeEditing(QWidget* window, AnalysisState& state, Workspace& workspace, InfoBar& info);

    // The bin dialog, shown window-modal; OK applies its bins. nullptr when no data are open.
    BinDialog* openBinDialog(const QString& attribute);
    // The attribute's bins go; unbinned, it is not analysable again and leaves its role.
    void unbin(const QString& attribute);
    // Asks for the new name, then rename().
    void promptRename(const QString& attribute);
    // False, with the reason in the info bar, when the name is refused (empty or already used, data not CSV).
    bool rename(const QString& from, const QString& to);

private:
    QWidget* m_window;
    AnalysisState& m_state;
    Workspace& m_workspace;
    InfoBar& m_info;
};

} // namespace rr::ui
