package tui

// view is what a panel renders from: the options, the state the ticks built, the styles,
// the focused panel and the selected finding. It is a read-only copy taken per render, so
// a panel cannot change the model; the Model keeps input, focus and layout, and each
// panel is its own type over a view (importView, devicesView, innodbView, cpuView,
// findingsView), in its own file.
type view struct {
	o        *Options
	st       *state
	sty      styles
	focus    int // the focused panel: its title is drawn heavy
	selected int // index into the findings, newest first
}

// views is the model as its panels see it.
func (m *Model) views() view {
	return view{o: &m.o, st: m.st, sty: m.sty, focus: m.focus, selected: m.selected}
}

type (
	importView   struct{ view }
	devicesView  struct{ view }
	innodbView   struct{ view }
	cpuView      struct{ view }
	findingsView struct{ view }
)

func (v view) imports() importView    { return importView{v} }
func (v view) devices() devicesView   { return devicesView{v} }
func (v view) innodb() innodbView     { return innodbView{v} }
func (v view) cpu() cpuView           { return cpuView{v} }
func (v view) findings() findingsView { return findingsView{v} }
