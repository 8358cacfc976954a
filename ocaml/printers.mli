(* Printexc printers of the library exceptions (registered at initialisation). *)
