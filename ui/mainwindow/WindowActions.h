#pragma once
// The window's own actions (File, Edit, Analysis) with their texts, icons and shortcuts; the window connects
// them. Pages add theirs to the Analysis menu (Page::commands).
#include <QList>

class QAction;
class QObject;

namespace rr::ui {

class AnalysisState;

struct WindowActions {
    QAction* openCsv;
    QAction* openSample;
    QAction* openBaskets;
    QAction* openDatabase;
    QAction* openSession;
    QAction* save;
    QAction* saveAs;
    QAction* exportChart;
    QAction* copyChart;
    QAction* exportReport;
    QAction* release;
    QAction* quit;
    QAction* undo;
    QAction* redo;
    QAction* reset;
    QAction* optimize;
    QAction* resample;
    QAction* cancel;
    QList<QAction*> modes; // checkable, exclusive; data() is the RandomizationMode
};

// Undo and redo follow the state's undo stack.
WindowActions createWindowActions(QObject* owner, AnalysisState& state);

} // namespace rr::ui
