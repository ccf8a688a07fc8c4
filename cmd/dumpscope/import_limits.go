package main

// samplerConnections is how many connections the import's sampling session opens to the
// server besides the import's own: the importer leaves room for it under max_connections.
func (o *importOptions) samplerConnections() int {
	if o.noAdvisor {
		return 0
	}
	return 1
}
