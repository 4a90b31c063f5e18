#include "ui/mainwindow/WindowActions.h"

#include "core/risk/RandomizationMode.h"
#include "ui/charts/ChartStyle.h"
#include "ui/session/AnalysisState.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QUndoStack>

namespace rr::ui {
namespace {
// The actions' texts keep the window's translation context.
struct ActionText {
    Q_DECLARE_TR_FUNCTIONS(rr::ui::MainWindow)
};

QAction* action(QObject* owner, const QString& icon, const QString& text, const QKeySequence& shortcut = {})
{
    auto* a = icon.isEmpty() ? new QAction(text, owner) : new QAction(QIcon(icon), text, owner);
    a->setShortcut(shortcut);
    return a;
}

// Open, save, export, release and quit.
void createFileActions(WindowActions& a, QObject* owner)
{
    a.openCsv = action(owner, ":/icons/open.svg", ActionText::tr("&Open Data\u2026"), QKeySequence::Open);
    a.openCsv->setStatusTip(
        ActionText::tr("Open one or more CSV files with the same header as one table, or one SPSS, Stata or SAS file"));
    a.openSample = action(owner, {}, ActionText::tr("Open Adult Sa&mple"));
    a.openBaskets = action(owner, {}, ActionText::tr("Open &Baskets (.dat)\u2026"));
    a.openDatabase = action(owner, {}, ActionText::tr("Open &Database\u2026"));
    a.openDatabase->setStatusTip(ActionText::tr("Open a table or query of a SQLite, PostgreSQL or ODBC database"));
    a.openSession = action(owner, {}, ActionText::tr("Open Sess&ion\u2026"), QKeySequence("Ctrl+Shift+O"));
    a.save = action(owner, ":/icons/save.svg", ActionText::tr("&Save Session"), QKeySequence::Save);
    a.saveAs = action(owner, {}, ActionText::tr("Save Session &As\u2026"), QKeySequence::SaveAs);
    a.exportChart = action(owner, ":/icons/export.svg", ActionText::tr("&Export Chart\u2026"), QKeySequence("Ctrl+E"));
    a.exportChart->setStatusTip(ActionText::tr("Save the shown chart as PNG, SVG or PDF"));
    a.copyChart = action(owner, {}, ActionText::tr("&Copy Chart"), QKeySequence("Ctrl+Shift+C"));
    a.exportReport = action(owner, {}, ActionText::tr("Export Re&port\u2026"), QKeySequence("Ctrl+Shift+E"));
    a.release = action(owner, {}, ActionText::tr("Re&lease Randomized Table\u2026"), QKeySequence("Ctrl+Shift+R"));
    a.release->setStatusTip(ActionText::tr("Review which columns leave randomized, in clear or not at all, then write "
                                           "the table from the secure random generator with a release note"));
    a.quit = action(owner, {}, ActionText::tr("&Quit"), QKeySequence::Quit);
}

// Undo, redo and reset.
void createEditActions(WindowActions& a, QObject* owner, AnalysisState& state)
{
    a.undo = state.undoStack()->createUndoAction(owner, ActionText::tr("&Undo"));
    a.undo->setIcon(QIcon(":/icons/undo.svg"));
    a.undo->setShortcut(QKeySequence::Undo);
    a.redo = state.undoStack()->createRedoAction(owner, ActionText::tr("&Redo"));
    a.redo->setIcon(QIcon(":/icons/redo.svg"));
    a.redo->setShortcuts({QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")});
    a.reset = action(owner, ":/icons/reset.svg", ActionText::tr("Reset &Parameters"));
    a.reset->setStatusTip(ActionText::tr("Every p back to 1 (no randomization)"));
}

// Optimize, resample, cancel and the three modes.
void createAnalysisActions(WindowActions& a, QObject* owner)
{
    a.optimize = action(owner, ":/icons/optimize.svg", ActionText::tr("&Optimize"), QKeySequence("Ctrl+R"));
    a.optimize->setStatusTip(
        ActionText::tr("Find p with the least utility loss whose max risk is at most \u03C4 for the current mode"));
    a.resample = action(owner, ":/icons/resample.svg", ActionText::tr("Re&sample"), QKeySequence("F5"));
    a.cancel = action(owner, {}, ActionText::tr("C&ancel Computation"), QKeySequence(Qt::Key_Escape));
    auto* modes = new QActionGroup(owner);
    for (RandomizationMode m : {RandomizationMode::QI, RandomizationMode::S, RandomizationMode::Both}) {
        QAction* mode = modes->addAction(ActionText::tr("Randomize %1").arg(style::modeName(m)));
        mode->setCheckable(true);
        mode->setData(static_cast<int>(m));
        a.modes << mode;
    }
}
} // namespace

WindowActions createWindowActions(QObject* owner, AnalysisState& state)
{
    WindowActions a{};
    createFileActions(a, owner);
    createEditActions(a, owner, state);
    createAnalysisActions(a, owner);
    return a;
}

} // namespace rr::ui
